import { buildStocks, type StockRow } from "./build.js";

/** Thailand: SET tickers, with Thai names. Simulated prices; real company names. */
// prettier-ignore
const ROWS: readonly StockRow[] = [
  ["PTT", "SET", "PTT", "PTT", "泰国国家石油", "पीटीटी", "Energy", 28560, 32.5, 0.2, "listed", "ปตท."],
  ["AOT", "SET", "Airports of Thailand", "태국공항공사", "泰国机场", "एयरपोर्ट्स ऑफ थाईलैंड", "Industrials", 14285, 55, 0.26, "listed", "ท่าอากาศยานไทย"],
  ["CPALL", "SET", "CP ALL", "CP 올", "CP ALL", "सीपी ऑल", "Consumer", 8983, 55, 0.22, "listed", "ซีพี ออลล์"],
  ["ADVANC", "SET", "Advanced Info Service", "어드밴스 인포 서비스", "先进信息服务", "एडवांस्ड इन्फो सर्विस", "Telecom", 2974, 290, 0.18, "listed", "แอดวานซ์ อินโฟร์ เซอร์วิส"],
  ["GULF", "SET", "Gulf Development", "걸프 디벨롭먼트", "海湾发展", "गल्फ डेवलपमेंट", "Utilities", 14800, 48, 0.28, "listed", "กัลฟ์ ดีเวลลอปเมนท์"],
  ["KBANK", "SET", "Kasikornbank", "카시콘은행", "开泰银行", "कासिकॉर्नबैंक", "Financials", 2369, 160, 0.2, "listed", "ธนาคารกสิกรไทย"],
  ["SCB", "SET", "SCB X", "SCB X", "SCB X", "एससीबी एक्स", "Financials", 3367, 125, 0.18, "listed", "เอสซีบี เอกซ์"],
  ["BBL", "SET", "Bangkok Bank", "방콕은행", "盘谷银行", "बैंकॉक बैंक", "Financials", 1909, 150, 0.18, "listed", "ธนาคารกรุงเทพ"],
  ["KTB", "SET", "Krung Thai Bank", "크룽타이은행", "泰京银行", "क्रुंग थाई बैंक", "Financials", 13976, 22, 0.22, "listed", "ธนาคารกรุงไทย"],
  ["BDMS", "SET", "Bangkok Dusit Medical Services", "방콕 두싯 메디컬", "曼谷杜斯特医疗", "बैंकॉक दुसित मेडिकल सर्विसेज", "Healthcare", 15892, 24, 0.22, "listed", "กรุงเทพดุสิตเวชการ"],
  ["PTTEP", "SET", "PTT Exploration and Production", "PTT 탐사생산", "泰国国家石油勘探生产", "पीटीटी एक्सप्लोरेशन एंड प्रोडक्शन", "Energy", 3970, 120, 0.26, "listed", "ปตท.สำรวจและผลิตปิโตรเลียม"],
  ["SCC", "SET", "Siam Cement", "시암 시멘트", "暹罗水泥", "सियाम सीमेंट", "Materials", 1200, 180, 0.24, "listed", "ปูนซิเมนต์ไทย"],
  ["CPN", "SET", "Central Pattana", "센트럴 파타나", "尚泰发展", "सेंट्रल पट्टाना", "Real Estate", 4488, 55, 0.24, "listed", "เซ็นทรัลพัฒนา"],
  ["BH", "SET", "Bumrungrad Hospital", "범룽랏 병원", "康民医院", "बुमरुंगराड हॉस्पिटल", "Healthcare", 795, 170, 0.26, "listed", "โรงพยาบาลบำรุงราษฎร์"],
  ["TRUE", "SET", "True Corporation", "트루 코퍼레이션", "真集团", "ट्रू कॉर्पोरेशन", "Telecom", 34550, 11, 0.3, "listed", "ทรู คอร์ปอเรชั่น"],
  ["MINT", "SET", "Minor International", "마이너 인터내셔널", "美诺国际", "माइनर इंटरनेशनल", "Consumer", 5660, 25, 0.26, "listed", "ไมเนอร์ อินเตอร์เนชั่นแนล"],
  ["CPF", "SET", "Charoen Pokphand Foods", "짜런 폭판드 푸드", "正大食品", "चारोएन पोकफंड फूड्स", "Consumer", 8410, 23, 0.22, "listed", "เจริญโภคภัณฑ์อาหาร"],
  ["IVL", "SET", "Indorama Ventures", "인도라마 벤처스", "英都拉玛", "इंडोरामा वेंचर्स", "Materials", 5615, 22, 0.34, "listed", "อินโดรามา เวนเจอร์ส"],
  ["TOP", "SET", "Thai Oil", "타이오일", "泰国石油", "थाई ऑयल", "Energy", 2234, 38, 0.3, "listed", "ไทยออยล์"],
  ["BEM", "SET", "Bangkok Expressway and Metro", "방콕 고속도로 메트로", "曼谷高速公路和地铁", "बैंकॉक एक्सप्रेसवे एंड मेट्रो", "Industrials", 15285, 7.5, 0.24, "listed", "ทางด่วนและรถไฟฟ้ากรุงเทพ"],
  ["BTS", "SET", "BTS Group Holdings", "BTS 그룹 홀딩스", "BTS集团", "बीटीएस ग्रुप होल्डिंग्स", "Industrials", 13167, 5.5, 0.34, "listed", "บีทีเอส กรุ๊ป โฮลดิ้งส์"],
  ["HMPRO", "SET", "Home Product Center", "홈 프로덕트 센터", "家居产品中心", "होम प्रोडक्ट सेंटर", "Consumer", 13151, 9.5, 0.26, "listed", "โฮม โปรดักส์ เซ็นเตอร์"],
  ["CRC", "SET", "Central Retail Corporation", "센트럴 리테일", "尚泰零售", "सेंट्रल रिटेल कॉर्पोरेशन", "Consumer", 6031, 28, 0.28, "listed", "เซ็นทรัล รีเทล คอร์ปอเรชั่น"],
  ["EGCO", "SET", "Electricity Generating", "전력생산공사", "发电公司", "इलेक्ट्रिसिटी जनरेटिंग", "Utilities", 526, 115, 0.2, "listed", "ผลิตไฟฟ้า"],
  ["GPSC", "SET", "Global Power Synergy", "글로벌 파워 시너지", "全球电力协同", "ग्लोबल पावर सिनर्जी", "Utilities", 2820, 40, 0.32, "listed", "โกลบอล เพาเวอร์ ซินเนอร์ยี่"],
  ["DELTA", "SET", "Delta Electronics (Thailand)", "델타 일렉트로닉스 태국", "泰国台达电子", "डेल्टा इलेक्ट्रॉनिक्स थाईलैंड", "Technology", 12474, 120, 0.55, "listed", "เดลต้า อีเลคโทรนิคส์ (ประเทศไทย)"],
  ["KTC", "SET", "Krungthai Card", "크룽타이 카드", "泰京信用卡", "क्रुंगथाई कार्ड", "Financials", 2578, 45, 0.28, "listed", "บัตรกรุงไทย"],
  ["TISCO", "SET", "TISCO Financial Group", "티스코 파이낸셜 그룹", "铁狮子金融集团", "टिस्को फाइनेंशियल ग्रुप", "Financials", 801, 98, 0.14, "listed", "ทิสโก้ไฟแนนเชียลกรุ๊ป"],
  ["LH", "SET", "Land and Houses", "랜드 앤 하우스", "土地与房屋", "लैंड एंड हाउसेस", "Real Estate", 11950, 5, 0.26, "listed", "แลนด์ แอนด์ เฮ้าส์"],
  ["OR", "SET", "PTT Oil and Retail Business", "PTT 오일 앤 리테일", "泰国石油零售", "पीटीटी ऑयल एंड रिटेल बिज़नेस", "Energy", 12000, 14, 0.24, "listed", "ปตท. น้ำมันและการค้าปลีก"],
  ["BANPU", "SET", "Banpu", "반푸", "万浦", "बानपु", "Energy", 10060, 5, 0.34, "listed", "บ้านปู"],
  ["CBG", "SET", "Carabao Group", "카라바오 그룹", "卡拉宝集团", "काराबाओ ग्रुप", "Consumer", 1000, 70, 0.32, "listed", "คาราบาวกรุ๊ป"],
  ["SCGD", "SET", "SCG Decor", "SCG 데코르", "SCG装饰", "एससीजी डेकोर", "Materials", 1700, 6, 0.3, "subscription", "เอสซีจี เดคอร์"],
  ["THAI", "SET", "Thai Airways International", "타이항공", "泰国国际航空", "थाई एयरवेज इंटरनेशनल", "Industrials", 27000, 4, 0.4, "otc", "การบินไทย"],
  ["STARK", "SET", "Stark Corporation", "스타크 코퍼레이션", "Stark公司", "स्टार्क कॉर्पोरेशन", "Industrials", 12000, 0.3, 0.9, "auction", "สตาร์ค คอร์เปอเรชั่น"],
];

export const THAILAND_STOCKS = buildStocks(
  {
    market: "TH",
    localName: (names) => names.en,
    dailyTurnoverRate: 0.003,
    foreignOwnership: [0.05, 0.45],
  },
  ROWS,
);
