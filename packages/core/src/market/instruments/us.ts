import { buildStocks, type StockRow } from "./build.js";

/** United States: NYSE and Nasdaq tickers. Simulated prices; real company names. */
// prettier-ignore
const ROWS: readonly StockRow[] = [
  ["AAPL", "NASDAQ", "Apple", "애플", "苹果", "एप्पल", "Technology", 15000, 230, 0.26],
  ["MSFT", "NASDAQ", "Microsoft", "마이크로소프트", "微软", "माइक्रोसॉफ्ट", "Technology", 7430, 430, 0.24],
  ["NVDA", "NASDAQ", "NVIDIA", "엔비디아", "英伟达", "एनवीडिया", "Technology", 24400, 140, 0.5],
  ["AMZN", "NASDAQ", "Amazon.com", "아마존", "亚马逊", "अमेज़न", "Consumer", 10600, 210, 0.32],
  ["GOOGL", "NASDAQ", "Alphabet", "알파벳", "Alphabet", "अल्फाबेट", "Technology", 12200, 180, 0.3],
  ["META", "NASDAQ", "Meta Platforms", "메타 플랫폼스", "Meta平台", "मेटा प्लेटफॉर्म्स", "Technology", 2520, 600, 0.36],
  ["TSLA", "NASDAQ", "Tesla", "테슬라", "特斯拉", "टेस्ला", "Automobiles", 3220, 340, 0.6],
  ["AVGO", "NASDAQ", "Broadcom", "브로드컴", "博通", "ब्रॉडकॉम", "Technology", 4700, 230, 0.42],
  ["COST", "NASDAQ", "Costco Wholesale", "코스트코", "好市多", "कॉस्टको", "Consumer", 443, 930, 0.2],
  ["NFLX", "NASDAQ", "Netflix", "넷플릭스", "奈飞", "नेटफ्लिक्स", "Telecom", 4280, 110, 0.36],
  ["AMD", "NASDAQ", "Advanced Micro Devices", "AMD", "超威半导体", "एडवांस्ड माइक्रो डिवाइसेज", "Technology", 1620, 140, 0.5],
  ["PEP", "NASDAQ", "PepsiCo", "펩시코", "百事公司", "पेप्सिको", "Consumer", 1372, 150, 0.17],
  ["ADBE", "NASDAQ", "Adobe", "어도비", "奥多比", "एडोबी", "Technology", 440, 450, 0.3],
  ["INTC", "NASDAQ", "Intel", "인텔", "英特尔", "इंटेल", "Technology", 4360, 22, 0.45],
  ["CSCO", "NASDAQ", "Cisco Systems", "시스코 시스템즈", "思科", "सिस्को सिस्टम्स", "Technology", 3980, 58, 0.22],
  ["QCOM", "NASDAQ", "Qualcomm", "퀄컴", "高通", "क्वालकॉम", "Technology", 1110, 160, 0.32],
  ["WMT", "NASDAQ", "Walmart", "월마트", "沃尔玛", "वॉलमार्ट", "Consumer", 8030, 90, 0.18],
  ["JPM", "NYSE", "JPMorgan Chase", "JP모건 체이스", "摩根大通", "जेपी मॉर्गन चेस", "Financials", 2800, 240, 0.22],
  ["V", "NYSE", "Visa", "비자", "维萨", "वीज़ा", "Financials", 1950, 310, 0.18],
  ["BRK.B", "NYSE", "Berkshire Hathaway", "버크셔 해서웨이", "伯克希尔·哈撒韦", "बर्कशायर हैथवे", "Financials", 2160, 470, 0.15],
  ["XOM", "NYSE", "Exxon Mobil", "엑슨모빌", "埃克森美孚", "एक्सॉनमोबिल", "Energy", 4340, 110, 0.22],
  ["JNJ", "NYSE", "Johnson & Johnson", "존슨앤드존슨", "强生", "जॉनसन एंड जॉनसन", "Healthcare", 2400, 155, 0.16],
  ["PG", "NYSE", "Procter & Gamble", "프록터 앤드 갬블", "宝洁", "प्रॉक्टर एंड गैंबल", "Consumer", 2350, 165, 0.16],
  ["UNH", "NYSE", "UnitedHealth Group", "유나이티드헬스 그룹", "联合健康", "यूनाइटेडहेल्थ ग्रुप", "Healthcare", 915, 520, 0.26],
  ["HD", "NYSE", "Home Depot", "홈디포", "家得宝", "होम डिपो", "Consumer", 993, 390, 0.2],
  ["KO", "NYSE", "Coca-Cola", "코카콜라", "可口可乐", "कोका-कोला", "Consumer", 4300, 65, 0.15],
  ["BAC", "NYSE", "Bank of America", "뱅크 오브 아메리카", "美国银行", "बैंक ऑफ अमेरिका", "Financials", 7700, 44, 0.26],
  ["DIS", "NYSE", "Walt Disney", "월트 디즈니", "华特迪士尼", "वॉल्ट डिज़्नी", "Telecom", 1810, 110, 0.26],
  ["ORCL", "NYSE", "Oracle", "오라클", "甲骨文", "ओरेकल", "Technology", 2800, 170, 0.34],
  ["CVX", "NYSE", "Chevron", "셰브론", "雪佛龙", "शेवरॉन", "Energy", 1760, 155, 0.22],
  ["NKE", "NYSE", "Nike", "나이키", "耐克", "नाइकी", "Consumer", 1480, 75, 0.3],
  ["BA", "NYSE", "Boeing", "보잉", "波音", "बोइंग", "Industrials", 750, 175, 0.34],
  ["GE", "NYSE", "GE Aerospace", "GE 에어로스페이스", "GE航空航天", "जीई एयरोस्पेस", "Industrials", 1080, 190, 0.28],
  ["IBM", "NYSE", "IBM", "IBM", "国际商业机器", "आईबीएम", "Technology", 925, 230, 0.22],
  ["TCEHY", "NYSE", "Tencent Holdings ADR", "텐센트 ADR", "腾讯控股ADR", "टेनसेंट होल्डिंग्स एडीआर", "Telecom", 9200, 55, 0.32, "otc"],
  ["DBRX", "NASDAQ", "Databricks", "데이터브릭스", "Databricks", "डेटाब्रिक्स", "Technology", 600, 75, 0.45, "subscription"],
  ["LAZR", "NASDAQ", "Luminar Technologies", "루미나 테크놀로지스", "Luminar科技", "ल्यूमिनार टेक्नोलॉजीज", "Automobiles", 35, 1.2, 0.9, "auction"],
];

export const US_STOCKS = buildStocks(
  {
    market: "US",
    localName: (names) => names.en,
    dailyTurnoverRate: 0.006,
    foreignOwnership: [0.05, 0.2],
  },
  ROWS,
);
