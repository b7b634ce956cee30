import { buildStocks, type StockRow } from "./build.js";

/** Malaysia: Bursa Malaysia stock codes. Simulated prices; real company names. */
// prettier-ignore
const ROWS: readonly StockRow[] = [
  ["1155", "BURSA", "Malayan Banking", "메이뱅크", "马来亚银行", "मलायन बैंकिंग", "Financials", 12070, 10.2, 0.14],
  ["1295", "BURSA", "Public Bank", "퍼블릭 뱅크", "大众银行", "पब्लिक बैंक", "Financials", 19410, 4.5, 0.14],
  ["1023", "BURSA", "CIMB Group Holdings", "CIMB 그룹", "联昌国际", "सीआईएमबी ग्रुप", "Financials", 10720, 7.8, 0.18],
  ["5347", "BURSA", "Tenaga Nasional", "테나가 나쇼날", "国家能源", "तेनागा नैशनल", "Utilities", 5800, 13.5, 0.2],
  ["5225", "BURSA", "IHH Healthcare", "IHH 헬스케어", "IHH医疗保健", "आईएचएच हेल्थकेयर", "Healthcare", 8810, 7.0, 0.16],
  ["5183", "BURSA", "Petronas Chemicals Group", "페트로나스 케미컬", "国油化学", "पेट्रोनास केमिकल्स", "Materials", 8000, 4.2, 0.26],
  ["6888", "BURSA", "Axiata Group", "악시아타 그룹", "亚通集团", "एक्सियाटा ग्रुप", "Telecom", 9180, 2.4, 0.26],
  ["6947", "BURSA", "CelcomDigi", "셀콤디지", "CelcomDigi", "सेलकॉमडिजी", "Telecom", 11730, 3.7, 0.2],
  ["5681", "BURSA", "Petronas Dagangan", "페트로나스 다강안", "国油贸易", "पेट्रोनास दागांगन", "Energy", 993, 20.5, 0.16],
  ["3816", "BURSA", "MISC", "MISC", "国际船务", "एमआईएससी", "Industrials", 4460, 7.6, 0.18],
  ["4197", "BURSA", "Sime Darby", "사임 다비", "森那美", "साइम डार्बी", "Industrials", 6810, 2.3, 0.24],
  ["5285", "BURSA", "SD Guthrie", "SD 거스리", "森那美种植", "एसडी गुथरी", "Consumer", 6920, 4.8, 0.22],
  ["1961", "BURSA", "IOI Corporation", "IOI 코퍼레이션", "IOI集团", "आईओआई कॉर्पोरेशन", "Consumer", 6200, 3.8, 0.2],
  ["2445", "BURSA", "Kuala Lumpur Kepong", "쿠알라룸푸르 케퐁", "吉隆坡甲洞", "कुआलालंपुर केपोंग", "Consumer", 1100, 20.5, 0.2],
  ["4707", "BURSA", "Nestle (Malaysia)", "네슬레 말레이시아", "雀巢马来西亚", "नेस्ले मलेशिया", "Consumer", 234, 95, 0.18],
  ["5819", "BURSA", "Hong Leong Bank", "홍릉 은행", "丰隆银行", "होंग लियोंग बैंक", "Financials", 2170, 20.5, 0.14],
  ["1066", "BURSA", "RHB Bank", "RHB 은행", "兴业银行", "आरएचबी बैंक", "Financials", 4360, 6.6, 0.16],
  ["1082", "BURSA", "Hong Leong Financial Group", "홍릉 파이낸셜 그룹", "丰隆金融集团", "होंग लियोंग फाइनेंशियल ग्रुप", "Financials", 1150, 18.5, 0.16],
  ["1818", "BURSA", "Bursa Malaysia", "부르사 말레이시아", "马来西亚交易所", "बुर्सा मलेशिया", "Financials", 809, 8.5, 0.22],
  ["4863", "BURSA", "Telekom Malaysia", "텔레콤 말레이시아", "马来西亚电讯", "टेलीकॉम मलेशिया", "Telecom", 3840, 6.7, 0.22],
  ["6012", "BURSA", "Maxis", "맥시스", "明讯", "मैक्सिस", "Telecom", 7830, 3.6, 0.18],
  ["5211", "BURSA", "Sunway", "선웨이", "双威", "सनवे", "Industrials", 6260, 4.6, 0.3],
  ["5398", "BURSA", "Gamuda", "가무다", "金务大", "गामुडा", "Industrials", 5760, 4.9, 0.32],
  ["8869", "BURSA", "Press Metal Aluminium Holdings", "프레스 메탈", "齐力铝业", "प्रेस मेटल एल्युमिनियम", "Materials", 8240, 5.2, 0.26],
  ["7084", "BURSA", "QL Resources", "QL 리소시스", "QL资源", "क्यूएल रिसोर्सेज", "Consumer", 3650, 4.6, 0.2],
  ["4715", "BURSA", "Genting Malaysia", "겐팅 말레이시아", "云顶马来西亚", "गेंटिंग मलेशिया", "Consumer", 5670, 2.3, 0.26],
  ["3182", "BURSA", "Genting", "겐팅", "云顶", "गेंटिंग", "Consumer", 3850, 3.8, 0.26],
  ["0166", "BURSA", "Inari Amertron", "이나리 아메르트론", "伊纳利", "इनारी अमर्ट्रॉन", "Technology", 3770, 2.6, 0.4],
  ["5296", "BURSA", "MR D.I.Y. Group", "MR DIY 그룹", "MR DIY集团", "एमआर डीआईवाई ग्रुप", "Consumer", 9450, 1.6, 0.26],
  ["6033", "BURSA", "Petronas Gas", "페트로나스 가스", "国油气体", "पेट्रोनास गैस", "Utilities", 1980, 17.8, 0.14],
  ["7113", "BURSA", "Top Glove Corporation", "탑글러브", "顶级手套", "टॉप ग्लव", "Healthcare", 8200, 0.85, 0.45],
  ["0097", "BURSA", "ViTrox Corporation", "바이트록스", "伟特机构", "वाइट्रॉक्स", "Technology", 1890, 3.6, 0.38],
  ["5326", "BURSA", "99 Speed Mart Retail Holdings", "99 스피드마트", "99超市", "99 स्पीड मार्ट", "Consumer", 8400, 2.4, 0.3, "subscription"],
  ["5099", "BURSA", "Capital A", "캐피탈 A", "亚航母公司", "कैपिटल ए", "Industrials", 5300, 0.9, 0.55, "otc"],
  ["5279", "BURSA", "Serba Dinamik Holdings", "세르바 디나믹", "Serba Dinamik", "सेर्बा दिनामिक", "Energy", 3700, 0.2, 0.8, "auction"],
];

export const MALAYSIA_STOCKS = buildStocks(
  {
    market: "MY",
    localName: (names) => `${names.en} Berhad`,
    dailyTurnoverRate: 0.0015,
    foreignOwnership: [0.08, 0.3],
  },
  ROWS,
);
