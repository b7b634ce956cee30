import type { ChargeKind } from "./trading-charges.js";
import type { StatementLanguage } from "./statementTexts.js";

/**
 * The texts of the documents the server writes (contract notes, the tax report, the monthly statement) in
 * every app language. Like STATEMENT_TEXTS they live in the contract: the server writes the documents
 * alone and cannot read the web app's locale files. Charge names are those of the screens
 * (`charges.name.<id>`, else `charges.kind.<kind>`), which apps/web's statementTexts.test.ts checks.
 */
export interface DocumentTexts {
  generated: (at: string) => string;
  registration: string;
  /** Shown when `platform.registration` is empty: nobody may take the document for a licensed broker's. */
  registrationUnset: string;
  ledgerNote: string;
  contractNote: {
    title: string;
    orderNo: string;
    tradeNo: string;
    time: (zone: string) => string;
    instrument: string;
    exchange: string;
    side: string;
    buy: string;
    sell: string;
    opening: string;
    closing: string;
    price: string;
    quantity: string;
    value: string;
    leverage: string;
    charges: string;
    charge: string;
    amount: string;
    totalCharges: string;
    buyTotal: string;
    sellTotal: string;
    realisedPnl: string;
    protection: string;
    reconciliation: string;
    entry: string;
    entryType: string;
    reconciled: string;
    notReconciled: string;
  };
  taxReport: {
    title: (year: string, currency: string) => string;
    lead: (timeZone: string) => string;
    instrument: string;
    direction: string;
    long: string;
    short: string;
    opened: string;
    closed: string;
    quantity: string;
    proceeds: string;
    costBasis: string;
    costs: string;
    protection: string;
    net: string;
    totals: string;
    none: string;
    positionsNet: (count: string) => string;
  };
  statement: {
    title: (from: string, to: string) => string;
    lead: (timeZone: string) => string;
    date: string;
    type: string;
    reference: string;
    amount: string;
    balance: string;
    reason: string;
    openingBalance: string;
    closingBalance: string;
    account: (currency: string, account: string) => string;
    none: string;
  };
  /** By component id where the screens have a name for it (`charges.name`), else by kind (`charges.kind`). */
  chargeNames: Record<string, string>;
  chargeKinds: Record<ChargeKind, string>;
}

const en: DocumentTexts = {
  generated: (at) => `Generated ${at}`,
  registration: "Registration",
  registrationUnset:
    "No registration is configured: this platform is not a licensed broker, and its trades are simulated.",
  ledgerNote: "Every amount here is read from the platform's ledger.",
  contractNote: {
    title: "Contract note",
    orderNo: "Order number",
    tradeNo: "Trade number",
    time: (zone) => `Trade time (${zone}, exchange time)`,
    instrument: "Instrument",
    exchange: "Exchange",
    side: "Side",
    buy: "Buy",
    sell: "Sell",
    opening: "Opening trade",
    closing: "Closing trade",
    price: "Price",
    quantity: "Quantity",
    value: "Value",
    leverage: "Leverage",
    charges: "Charges",
    charge: "Charge",
    amount: "Amount",
    totalCharges: "Total charges",
    buyTotal: "Value plus charges",
    sellTotal: "Value less charges",
    realisedPnl: "Realised profit and loss (before charges)",
    protection: "Negative balance protection",
    reconciliation: "Ledger reconciliation",
    entry: "Ledger entry",
    entryType: "Entry type",
    reconciled: "The charges above equal the ledger's postings of this trade.",
    notReconciled:
      "The charges above differ from the ledger's postings of this trade: please contact support.",
  },
  taxReport: {
    title: (year, currency) => `Realised profit and loss ${year} (${currency}), first in, first out`,
    lead: (timeZone) =>
      `Each closing trade is matched against the oldest open lot of the same instrument and direction. Days are in ${timeZone}; costs are every charge and tax paid.`,
    instrument: "Instrument",
    direction: "Direction",
    long: "Long",
    short: "Short",
    opened: "Opened",
    closed: "Closed",
    quantity: "Quantity",
    proceeds: "Proceeds",
    costBasis: "Cost basis",
    costs: "Costs",
    protection: "Protection",
    net: "Net",
    totals: "Totals",
    none: "No lot was closed in this year.",
    positionsNet: (count) => `Net P&L of the ${count} positions closed in the year`,
  },
  statement: {
    title: (from, to) => `Funds statement ${from} to ${to}`,
    lead: (timeZone) => `Days and times are in ${timeZone}.`,
    date: "Date",
    type: "Type",
    reference: "Reference",
    amount: "Amount",
    balance: "Balance",
    reason: "Reason",
    openingBalance: "Opening balance",
    closingBalance: "Closing balance",
    account: (currency, account) => `${currency} · ${account}`,
    none: "No movement in this period.",
  },
  chargeNames: {
    commission: "Commission",
    exchangeFee: "Exchange fee",
    clearingFee: "Clearing fee",
    sebiFee: "SEBI turnover fee",
    secFee: "SEC fee",
    finraTaf: "FINRA trading activity fee",
    stt: "Securities transaction tax",
    stampDuty: "Stamp duty",
    gst: "GST",
    vat: "VAT",
  },
  chargeKinds: {
    commission: "Commission",
    exchangeFee: "Exchange fee",
    clearingFee: "Clearing fee",
    regulatorFee: "Regulatory fee",
    transactionTax: "Transaction tax",
    stampDuty: "Stamp duty",
    vat: "VAT/GST",
  },
};

const zhTW: DocumentTexts = {
  generated: (at) => `產生於 ${at}`,
  registration: "註冊資訊",
  registrationUnset: "未設定註冊資訊：本平台並非持牌經紀商，其交易為模擬交易。",
  ledgerNote: "此處每一筆金額均讀自平台的帳本。",
  contractNote: {
    title: "成交單",
    orderNo: "訂單編號",
    tradeNo: "成交編號",
    time: (zone) => `成交時間（${zone}，交易所時間）`,
    instrument: "標的",
    exchange: "交易所",
    side: "方向",
    buy: "買入",
    sell: "賣出",
    opening: "開倉成交",
    closing: "平倉成交",
    price: "價格",
    quantity: "數量",
    value: "成交金額",
    leverage: "槓桿",
    charges: "費用",
    charge: "費用項目",
    amount: "金額",
    totalCharges: "費用合計",
    buyTotal: "成交金額加費用",
    sellTotal: "成交金額減費用",
    realisedPnl: "已實現損益（未扣費用）",
    protection: "負餘額保護",
    reconciliation: "帳本核對",
    entry: "帳本分錄",
    entryType: "分錄類型",
    reconciled: "上列費用與此筆成交在帳本中的記帳相符。",
    notReconciled: "上列費用與此筆成交在帳本中的記帳不符：請聯絡客服。",
  },
  taxReport: {
    title: (year, currency) => `${year} 年已實現損益（${currency}），先進先出`,
    lead: (timeZone) =>
      `每筆平倉成交與同一標的、同一方向最早的未平倉批次配對。日期以 ${timeZone} 為準；成本為已付的全部費用與稅。`,
    instrument: "標的",
    direction: "方向",
    long: "做多",
    short: "做空",
    opened: "開倉",
    closed: "平倉",
    quantity: "數量",
    proceeds: "賣出所得",
    costBasis: "成本基礎",
    costs: "費用",
    protection: "保護",
    net: "淨額",
    totals: "合計",
    none: "本年度沒有已平倉的批次。",
    positionsNet: (count) => `本年度平倉的 ${count} 個持倉的淨損益`,
  },
  statement: {
    title: (from, to) => `資金對帳單 ${from} 至 ${to}`,
    lead: (timeZone) => `日期和時間以 ${timeZone} 為準。`,
    date: "日期",
    type: "類型",
    reference: "關聯",
    amount: "金額",
    balance: "餘額",
    reason: "原因",
    openingBalance: "期初餘額",
    closingBalance: "期末餘額",
    account: (currency, account) => `${currency} · ${account}`,
    none: "此期間沒有資金變動。",
  },
  chargeNames: {
    commission: "佣金",
    exchangeFee: "交易所費用",
    clearingFee: "結算費",
    sebiFee: "SEBI 成交額費",
    secFee: "SEC 費用",
    finraTaf: "FINRA 交易活動費",
    stt: "證券交易稅",
    stampDuty: "印花稅",
    gst: "商品及服務稅（GST）",
    vat: "增值稅",
  },
  chargeKinds: {
    commission: "佣金",
    exchangeFee: "交易所費用",
    clearingFee: "結算費",
    regulatorFee: "監管費",
    transactionTax: "交易稅",
    stampDuty: "印花稅",
    vat: "增值稅／GST",
  },
};

const zhCN: DocumentTexts = {
  generated: (at) => `生成于 ${at}`,
  registration: "注册信息",
  registrationUnset: "未设置注册信息：本平台并非持牌经纪商，其交易为模拟交易。",
  ledgerNote: "此处每一笔金额均读自平台的账本。",
  contractNote: {
    title: "成交单",
    orderNo: "订单编号",
    tradeNo: "成交编号",
    time: (zone) => `成交时间（${zone}，交易所时间）`,
    instrument: "标的",
    exchange: "交易所",
    side: "方向",
    buy: "买入",
    sell: "卖出",
    opening: "开仓成交",
    closing: "平仓成交",
    price: "价格",
    quantity: "数量",
    value: "成交金额",
    leverage: "杠杆",
    charges: "费用",
    charge: "费用项目",
    amount: "金额",
    totalCharges: "费用合计",
    buyTotal: "成交金额加费用",
    sellTotal: "成交金额减费用",
    realisedPnl: "已实现盈亏（未扣费用）",
    protection: "负余额保护",
    reconciliation: "账本核对",
    entry: "账本分录",
    entryType: "分录类型",
    reconciled: "上列费用与此笔成交在账本中的记账相符。",
    notReconciled: "上列费用与此笔成交在账本中的记账不符：请联系客服。",
  },
  taxReport: {
    title: (year, currency) => `${year} 年已实现盈亏（${currency}），先进先出`,
    lead: (timeZone) =>
      `每笔平仓成交与同一标的、同一方向最早的未平仓批次配对。日期以 ${timeZone} 为准；成本为已付的全部费用和税。`,
    instrument: "标的",
    direction: "方向",
    long: "做多",
    short: "做空",
    opened: "开仓",
    closed: "平仓",
    quantity: "数量",
    proceeds: "卖出所得",
    costBasis: "成本基础",
    costs: "费用",
    protection: "保护",
    net: "净额",
    totals: "合计",
    none: "本年度没有已平仓的批次。",
    positionsNet: (count) => `本年度平仓的 ${count} 个持仓的净盈亏`,
  },
  statement: {
    title: (from, to) => `资金对账单 ${from} 至 ${to}`,
    lead: (timeZone) => `日期和时间以 ${timeZone} 为准。`,
    date: "日期",
    type: "类型",
    reference: "关联",
    amount: "金额",
    balance: "余额",
    reason: "原因",
    openingBalance: "期初余额",
    closingBalance: "期末余额",
    account: (currency, account) => `${currency} · ${account}`,
    none: "此期间没有资金变动。",
  },
  chargeNames: {
    commission: "佣金",
    exchangeFee: "交易所费用",
    clearingFee: "结算费",
    sebiFee: "SEBI 成交额费",
    secFee: "SEC 费用",
    finraTaf: "FINRA 交易活动费",
    stt: "证券交易税",
    stampDuty: "印花税",
    gst: "商品及服务税（GST）",
    vat: "增值税",
  },
  chargeKinds: {
    commission: "佣金",
    exchangeFee: "交易所费用",
    clearingFee: "结算费",
    regulatorFee: "监管费",
    transactionTax: "交易税",
    stampDuty: "印花税",
    vat: "增值税／GST",
  },
};

const ko: DocumentTexts = {
  generated: (at) => `생성 ${at}`,
  registration: "등록 정보",
  registrationUnset:
    "등록 정보가 설정되지 않았습니다: 이 플랫폼은 인가받은 중개업자가 아니며, 거래는 모의 거래입니다.",
  ledgerNote: "여기의 모든 금액은 플랫폼의 원장에서 읽은 것입니다.",
  contractNote: {
    title: "매매 계약서",
    orderNo: "주문 번호",
    tradeNo: "체결 번호",
    time: (zone) => `체결 시각 (${zone}, 거래소 시각)`,
    instrument: "종목",
    exchange: "거래소",
    side: "구분",
    buy: "매수",
    sell: "매도",
    opening: "진입 체결",
    closing: "청산 체결",
    price: "가격",
    quantity: "수량",
    value: "체결 금액",
    leverage: "레버리지",
    charges: "비용",
    charge: "비용 항목",
    amount: "금액",
    totalCharges: "비용 합계",
    buyTotal: "체결 금액 + 비용",
    sellTotal: "체결 금액 − 비용",
    realisedPnl: "실현 손익 (비용 차감 전)",
    protection: "마이너스 잔고 보호",
    reconciliation: "원장 대사",
    entry: "원장 전표",
    entryType: "전표 유형",
    reconciled: "위 비용은 이 체결의 원장 기장과 일치합니다.",
    notReconciled: "위 비용이 이 체결의 원장 기장과 다릅니다: 고객센터에 문의하세요.",
  },
  taxReport: {
    title: (year, currency) => `${year}년 실현 손익 (${currency}), 선입선출`,
    lead: (timeZone) =>
      `각 청산 체결은 같은 종목, 같은 방향의 가장 오래된 미청산 로트와 대응됩니다. 날짜는 ${timeZone} 기준이며, 비용은 납부한 모든 수수료와 세금입니다.`,
    instrument: "종목",
    direction: "방향",
    long: "롱",
    short: "숏",
    opened: "진입",
    closed: "청산",
    quantity: "수량",
    proceeds: "매도 대금",
    costBasis: "취득 원가",
    costs: "비용",
    protection: "보호",
    net: "순손익",
    totals: "합계",
    none: "이 연도에 청산된 로트가 없습니다.",
    positionsNet: (count) => `이 연도에 청산된 포지션 ${count}개의 순손익`,
  },
  statement: {
    title: (from, to) => `자금 명세서 ${from} ~ ${to}`,
    lead: (timeZone) => `날짜와 시간은 ${timeZone} 기준입니다.`,
    date: "날짜",
    type: "유형",
    reference: "참조",
    amount: "금액",
    balance: "잔액",
    reason: "사유",
    openingBalance: "기초 잔액",
    closingBalance: "기말 잔액",
    account: (currency, account) => `${currency} · ${account}`,
    none: "이 기간에 변동이 없습니다.",
  },
  chargeNames: {
    commission: "수수료",
    exchangeFee: "거래소 수수료",
    clearingFee: "청산 수수료",
    sebiFee: "SEBI 거래대금 수수료",
    secFee: "SEC 수수료",
    finraTaf: "FINRA 거래활동 수수료",
    stt: "증권거래세",
    stampDuty: "인지세",
    gst: "상품서비스세(GST)",
    vat: "부가가치세",
  },
  chargeKinds: {
    commission: "수수료",
    exchangeFee: "거래소 수수료",
    clearingFee: "청산 수수료",
    regulatorFee: "감독 수수료",
    transactionTax: "거래세",
    stampDuty: "인지세",
    vat: "부가가치세/GST",
  },
};

const hi: DocumentTexts = {
  generated: (at) => `बनाया गया ${at}`,
  registration: "पंजीकरण",
  registrationUnset: "कोई पंजीकरण सेट नहीं है: यह प्लेटफ़ॉर्म लाइसेंस प्राप्त ब्रोकर नहीं है, और इसके ट्रेड सिम्युलेटेड हैं।",
  ledgerNote: "यहाँ की हर राशि प्लेटफ़ॉर्म के लेजर से पढ़ी गई है।",
  contractNote: {
    title: "कॉन्ट्रैक्ट नोट",
    orderNo: "ऑर्डर संख्या",
    tradeNo: "ट्रेड संख्या",
    time: (zone) => `ट्रेड समय (${zone}, एक्सचेंज समय)`,
    instrument: "इंस्ट्रूमेंट",
    exchange: "एक्सचेंज",
    side: "पक्ष",
    buy: "खरीद",
    sell: "बिक्री",
    opening: "खोलने वाला ट्रेड",
    closing: "बंद करने वाला ट्रेड",
    price: "मूल्य",
    quantity: "मात्रा",
    value: "ट्रेड मूल्य",
    leverage: "लीवरेज",
    charges: "शुल्क",
    charge: "शुल्क मद",
    amount: "राशि",
    totalCharges: "कुल शुल्क",
    buyTotal: "मूल्य और शुल्क",
    sellTotal: "मूल्य घटा शुल्क",
    realisedPnl: "प्राप्त लाभ और हानि (शुल्क से पहले)",
    protection: "नकारात्मक शेष सुरक्षा",
    reconciliation: "लेजर मिलान",
    entry: "लेजर प्रविष्टि",
    entryType: "प्रविष्टि प्रकार",
    reconciled: "ऊपर दिए गए शुल्क इस ट्रेड की लेजर पोस्टिंग के बराबर हैं।",
    notReconciled: "ऊपर दिए गए शुल्क इस ट्रेड की लेजर पोस्टिंग से अलग हैं: कृपया सहायता से संपर्क करें।",
  },
  taxReport: {
    title: (year, currency) => `प्राप्त लाभ और हानि ${year} (${currency}), पहले आया पहले गया`,
    lead: (timeZone) =>
      `हर बंद करने वाला ट्रेड उसी इंस्ट्रूमेंट और दिशा के सबसे पुराने खुले लॉट से मिलाया जाता है। तारीखें ${timeZone} के अनुसार हैं; लागत में चुकाए गए सभी शुल्क और कर शामिल हैं।`,
    instrument: "इंस्ट्रूमेंट",
    direction: "दिशा",
    long: "लॉन्ग",
    short: "शॉर्ट",
    opened: "खोला",
    closed: "बंद किया",
    quantity: "मात्रा",
    proceeds: "बिक्री प्राप्ति",
    costBasis: "लागत आधार",
    costs: "लागत",
    protection: "सुरक्षा",
    net: "शुद्ध",
    totals: "कुल",
    none: "इस वर्ष कोई लॉट बंद नहीं हुआ।",
    positionsNet: (count) => `वर्ष में बंद हुई ${count} पोज़िशन का शुद्ध लाभ-हानि`,
  },
  statement: {
    title: (from, to) => `फंड विवरण ${from} से ${to}`,
    lead: (timeZone) => `तारीखें और समय ${timeZone} के अनुसार हैं।`,
    date: "तारीख",
    type: "प्रकार",
    reference: "संदर्भ",
    amount: "राशि",
    balance: "शेष",
    reason: "कारण",
    openingBalance: "शुरुआती शेष",
    closingBalance: "अंतिम शेष",
    account: (currency, account) => `${currency} · ${account}`,
    none: "इस अवधि में कोई लेन-देन नहीं।",
  },
  chargeNames: {
    commission: "कमीशन",
    exchangeFee: "एक्सचेंज शुल्क",
    clearingFee: "क्लियरिंग शुल्क",
    sebiFee: "SEBI टर्नओवर शुल्क",
    secFee: "SEC शुल्क",
    finraTaf: "FINRA ट्रेडिंग गतिविधि शुल्क",
    stt: "प्रतिभूति लेनदेन कर",
    stampDuty: "स्टाम्प ड्यूटी",
    gst: "जीएसटी",
    vat: "वैट",
  },
  chargeKinds: {
    commission: "कमीशन",
    exchangeFee: "एक्सचेंज शुल्क",
    clearingFee: "क्लियरिंग शुल्क",
    regulatorFee: "नियामक शुल्क",
    transactionTax: "लेनदेन कर",
    stampDuty: "स्टाम्प ड्यूटी",
    vat: "वैट/जीएसटी",
  },
};

export const DOCUMENT_TEXTS: Record<StatementLanguage, DocumentTexts> = {
  en,
  "zh-TW": zhTW,
  "zh-CN": zhCN,
  ko,
  hi,
};
