import { buildStocks, type StockRow } from "./build.js";

/** India: NSE symbols and BSE scrip codes. Simulated prices; real company names. */
// prettier-ignore
const ROWS: readonly StockRow[] = [
  ["RELIANCE", "NSE", "Reliance Industries", "릴라이언스 인더스트리즈", "信实工业", "रिलायंस इंडस्ट्रीज", "Energy", 13532, 1290, 0.24],
  ["TCS", "NSE", "Tata Consultancy Services", "타타 컨설턴시 서비스", "塔塔咨询服务", "टाटा कंसल्टेंसी सर्विसेज", "Technology", 3618, 3450, 0.22],
  ["HDFCBANK", "NSE", "HDFC Bank", "HDFC 은행", "HDFC银行", "एचडीएफसी बैंक", "Financials", 7650, 1720, 0.2],
  ["ICICIBANK", "NSE", "ICICI Bank", "ICICI 은행", "ICICI银行", "आईसीआईसीआई बैंक", "Financials", 7120, 1280, 0.22],
  ["INFY", "NSE", "Infosys", "인포시스", "印孚瑟斯", "इंफोसिस", "Technology", 4150, 1540, 0.25],
  ["HINDUNILVR", "NSE", "Hindustan Unilever", "힌두스탄 유니레버", "印度斯坦联合利华", "हिंदुस्तान यूनिलीवर", "Consumer", 2350, 2380, 0.18],
  ["ITC", "NSE", "ITC", "ITC", "ITC公司", "आईटीसी", "Consumer", 12510, 415, 0.19],
  ["SBIN", "NSE", "State Bank of India", "인도국영은행", "印度国家银行", "भारतीय स्टेट बैंक", "Financials", 8925, 800, 0.26],
  ["BHARTIARTL", "NSE", "Bharti Airtel", "바르티 에어텔", "巴蒂电信", "भारती एयरटेल", "Telecom", 6000, 1880, 0.22],
  ["KOTAKBANK", "NSE", "Kotak Mahindra Bank", "코탁 마힌드라 은행", "科塔克马恒达银行", "कोटक महिंद्रा बैंक", "Financials", 1988, 2050, 0.22],
  ["LT", "NSE", "Larsen & Toubro", "라센 앤 투브로", "拉森特博洛", "लार्सन एंड टुब्रो", "Industrials", 1375, 3600, 0.24],
  ["AXISBANK", "NSE", "Axis Bank", "액시스 은행", "艾克西斯银行", "एक्सिस बैंक", "Financials", 3095, 1150, 0.24],
  ["BAJFINANCE", "NSE", "Bajaj Finance", "바자즈 파이낸스", "巴贾杰金融", "बजाज फाइनेंस", "Financials", 6200, 920, 0.3],
  ["MARUTI", "NSE", "Maruti Suzuki India", "마루티 스즈키", "马鲁蒂铃木", "मारुति सुजुकी", "Automobiles", 314, 12500, 0.24],
  ["SUNPHARMA", "NSE", "Sun Pharmaceutical Industries", "선 파마슈티컬", "太阳制药", "सन फार्मास्युटिकल", "Healthcare", 2399, 1700, 0.22],
  ["TATAMOTORS", "NSE", "Tata Motors", "타타 모터스", "塔塔汽车", "टाटा मोटर्स", "Automobiles", 3680, 700, 0.32],
  ["TITAN", "NSE", "Titan Company", "타이탄", "泰坦公司", "टाइटन कंपनी", "Consumer", 888, 3400, 0.24],
  ["ASIANPAINT", "NSE", "Asian Paints", "아시안 페인트", "亚洲涂料", "एशियन पेंट्स", "Materials", 959, 2400, 0.22],
  ["WIPRO", "NSE", "Wipro", "위프로", "威普罗", "विप्रो", "Technology", 10470, 255, 0.26],
  ["ULTRACEMCO", "NSE", "UltraTech Cement", "울트라텍 시멘트", "超科技水泥", "अल्ट्राटेक सीमेंट", "Materials", 295, 11500, 0.22],
  ["NTPC", "NSE", "NTPC", "NTPC", "印度国家火电公司", "एनटीपीसी", "Utilities", 9697, 340, 0.24],
  ["ADANIENT", "NSE", "Adani Enterprises", "아다니 엔터프라이즈", "阿达尼企业", "अदाणी एंटरप्राइजेज", "Industrials", 1154, 2400, 0.4],
  ["TATACAP", "NSE", "Tata Capital", "타타 캐피탈", "塔塔资本", "टाटा कैपिटल", "Financials", 4240, 330, 0.3, "subscription"],
  ["500312", "BSE", "Oil & Natural Gas Corporation", "인도석유천연가스공사", "印度石油天然气公司", "ऑयल एंड नेचुरल गैस कॉर्पोरेशन", "Energy", 12580, 245, 0.26],
  ["500790", "BSE", "Nestle India", "네슬레 인디아", "雀巢印度", "नेस्ले इंडिया", "Consumer", 964, 1200, 0.18],
  ["500400", "BSE", "Tata Power", "타타 파워", "塔塔电力", "टाटा पावर", "Utilities", 3195, 400, 0.3],
  ["500470", "BSE", "Tata Steel", "타타 스틸", "塔塔钢铁", "टाटा स्टील", "Materials", 12480, 150, 0.3],
  ["532977", "BSE", "Bajaj Auto", "바자즈 오토", "巴贾杰汽车", "बजाज ऑटो", "Automobiles", 279, 8600, 0.24],
  ["500124", "BSE", "Dr. Reddy's Laboratories", "닥터 레디스 래버러토리스", "雷迪博士实验室", "डॉ. रेड्डीज लैबोरेटरीज", "Healthcare", 834, 1250, 0.22],
  ["532281", "BSE", "HCL Technologies", "HCL 테크놀로지스", "HCL科技", "एचसीएल टेक्नोलॉजीज", "Technology", 2713, 1600, 0.24],
  ["532921", "BSE", "Adani Ports and SEZ", "아다니 포트", "阿达尼港口", "अदाणी पोर्ट्स", "Industrials", 2160, 1300, 0.34],
  ["500547", "BSE", "Bharat Petroleum", "바라트 석유", "巴拉特石油", "भारत पेट्रोलियम", "Energy", 4338, 300, 0.3],
  ["532898", "BSE", "Power Grid Corporation of India", "인도 파워그리드", "印度国家电网", "पावर ग्रिड कॉर्पोरेशन", "Utilities", 9301, 300, 0.22],
  ["543320", "BSE", "Eternal (Zomato)", "이터널(조마토)", "Eternal（Zomato）", "इटरनल (ज़ोमैटो)", "Consumer", 9650, 250, 0.45],
  ["532532", "BSE", "Jaiprakash Associates", "자이프라카시 어소시에이츠", "杰普拉卡什联合公司", "जयप्रकाश एसोसिएट्स", "Industrials", 2455, 3.5, 0.6, "auction"],
  ["532712", "BSE", "Reliance Communications", "릴라이언스 커뮤니케이션즈", "信实通信", "रिलायंस कम्युनिकेशंस", "Telecom", 2766, 1.6, 0.7, "otc"],
];

export const INDIA_STOCKS = buildStocks(
  {
    market: "IN",
    localName: (names) => names.hi,
    dailyTurnoverRate: 0.0025,
    foreignOwnership: [0.08, 0.35],
  },
  ROWS,
);
