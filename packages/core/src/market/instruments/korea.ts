import { buildStocks, type StockRow } from "./build.js";

/** Korea: KRX (KOSPI) and KOSDAQ six-digit codes. Simulated prices; real company names. */
// prettier-ignore
const ROWS: readonly StockRow[] = [
  ["005930", "KRX", "Samsung Electronics", "삼성전자", "三星电子", "सैमसंग इलेक्ट्रॉनिक्स", "Technology", 5969, 55000, 0.3],
  ["000660", "KRX", "SK hynix", "SK하이닉스", "SK海力士", "एसके हाइनिक्स", "Technology", 728, 180000, 0.45],
  ["373220", "KRX", "LG Energy Solution", "LG에너지솔루션", "LG新能源", "एलजी एनर्जी सॉल्यूशन", "Industrials", 234, 350000, 0.4],
  ["207940", "KRX", "Samsung Biologics", "삼성바이오로직스", "三星生物制剂", "सैमसंग बायोलॉजिक्स", "Healthcare", 71, 1000000, 0.3],
  ["005380", "KRX", "Hyundai Motor", "현대차", "现代汽车", "ह्युंडई मोटर", "Automobiles", 209, 210000, 0.3],
  ["000270", "KRX", "Kia", "기아", "起亚", "किआ", "Automobiles", 393, 95000, 0.3],
  ["068270", "KRX", "Celltrion", "셀트리온", "赛尔群", "सेलट्रियन", "Healthcare", 217, 180000, 0.34],
  ["035420", "KRX", "NAVER", "NAVER", "NAVER", "नेवर", "Telecom", 158, 200000, 0.34],
  ["005490", "KRX", "POSCO Holdings", "POSCO홀딩스", "浦项控股", "पोस्को होल्डिंग्स", "Materials", 84, 300000, 0.34],
  ["105560", "KRX", "KB Financial Group", "KB금융", "KB金融集团", "केबी फाइनेंशियल ग्रुप", "Financials", 390, 85000, 0.28],
  ["055550", "KRX", "Shinhan Financial Group", "신한지주", "新韩金融集团", "शिनहान फाइनेंशियल ग्रुप", "Financials", 500, 50000, 0.26],
  ["035720", "KRX", "Kakao", "카카오", "Kakao", "काकाओ", "Telecom", 442, 40000, 0.38],
  ["012330", "KRX", "Hyundai Mobis", "현대모비스", "现代摩比斯", "ह्युंडई मोबिस", "Automobiles", 92, 260000, 0.28],
  ["051910", "KRX", "LG Chem", "LG화학", "LG化学", "एलजी केम", "Materials", 70, 300000, 0.38],
  ["006400", "KRX", "Samsung SDI", "삼성SDI", "三星SDI", "सैमसंग एसडीआई", "Industrials", 68, 250000, 0.42],
  ["028260", "KRX", "Samsung C&T", "삼성물산", "三星物产", "सैमसंग सी एंड टी", "Industrials", 169, 130000, 0.28],
  ["066570", "KRX", "LG Electronics", "LG전자", "LG电子", "एलजी इलेक्ट्रॉनिक्स", "Technology", 163, 80000, 0.3],
  ["015760", "KRX", "Korea Electric Power", "한국전력", "韩国电力公社", "कोरिया इलेक्ट्रिक पावर", "Utilities", 642, 22000, 0.3],
  ["017670", "KRX", "SK Telecom", "SK텔레콤", "SK电讯", "एसके टेलीकॉम", "Telecom", 214, 55000, 0.18],
  ["034020", "KRX", "Doosan Enerbility", "두산에너빌리티", "斗山能源", "दूसान एनरबिलिटी", "Industrials", 640, 40000, 0.5],
  ["012450", "KRX", "Hanwha Aerospace", "한화에어로스페이스", "韩华航空航天", "हनव्हा एयरोस्पेस", "Industrials", 51, 700000, 0.45],
  ["329180", "KRX", "HD Hyundai Heavy Industries", "HD현대중공업", "HD现代重工业", "एचडी ह्युंडई हेवी इंडस्ट्रीज", "Industrials", 89, 350000, 0.45],
  ["247540", "KOSDAQ", "EcoPro BM", "에코프로비엠", "ECOPRO BM", "इकोप्रो बीएम", "Materials", 98, 120000, 0.55],
  ["086520", "KOSDAQ", "EcoPro", "에코프로", "ECOPRO", "इकोप्रो", "Materials", 133, 70000, 0.6],
  ["028300", "KOSDAQ", "HLB", "HLB", "HLB", "एचएलबी", "Healthcare", 131, 60000, 0.55],
  ["196170", "KOSDAQ", "Alteogen", "알테오젠", "Alteogen", "अल्टियोजेन", "Healthcare", 53, 400000, 0.55],
  ["141080", "KOSDAQ", "LigaChem Biosciences", "리가켐바이오", "LigaChem生物", "लिगाकेम बायोसाइंसेज", "Healthcare", 36, 120000, 0.5],
  ["058470", "KOSDAQ", "LEENO Industrial", "리노공업", "利诺工业", "लीनो इंडस्ट्रियल", "Technology", 15, 200000, 0.4],
  ["293490", "KOSDAQ", "Kakao Games", "카카오게임즈", "Kakao游戏", "काकाओ गेम्स", "Telecom", 83, 16000, 0.4],
  ["263750", "KOSDAQ", "Pearl Abyss", "펄어비스", "珍珠深渊", "पर्ल एबिस", "Telecom", 64, 30000, 0.45],
  ["035900", "KOSDAQ", "JYP Entertainment", "JYP Ent.", "JYP娱乐", "जेवाईपी एंटरटेनमेंट", "Telecom", 36, 65000, 0.45],
  ["041510", "KOSDAQ", "SM Entertainment", "에스엠", "SM娱乐", "एसएम एंटरटेनमेंट", "Telecom", 24, 90000, 0.45],
  ["214150", "KOSDAQ", "Classys", "클래시스", "Classys", "क्लासिस", "Healthcare", 65, 50000, 0.45],
  ["357780", "KOSDAQ", "Soulbrain", "솔브레인", "秀博瑞殷", "सोलब्रेन", "Materials", 8, 200000, 0.4],
  ["082800", "KOSDAQ", "Vivozon Pharmaceutical", "비보존 제약", "Vivozon制药", "विवोज़ोन फार्मास्युटिकल", "Healthcare", 40, 3000, 0.6, "otc"],
  ["TOSS", "KRX", "Viva Republica (Toss)", "비바리퍼블리카(토스)", "Viva Republica（Toss）", "विवा रिपब्लिका (टॉस)", "Financials", 200, 60000, 0.4, "subscription"],
  ["009410", "KRX", "Taeyoung Engineering & Construction", "태영건설", "泰荣建设", "तैयंग इंजीनियरिंग एंड कंस्ट्रक्शन", "Industrials", 60, 2500, 0.6, "auction"],
];

export const KOREA_STOCKS = buildStocks(
  {
    market: "KR",
    localName: (names) => names.ko,
    dailyTurnoverRate: 0.004,
    foreignOwnership: [0.1, 0.55],
  },
  ROWS,
);
