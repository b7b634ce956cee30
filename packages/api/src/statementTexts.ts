import { LANGUAGES, type LanguageCode } from "./constants.js";
import type { EntryType } from "./ledger.js";
import type { RecordAccount } from "./records.js";

/**
 * The texts of the funds statement's CSV in every app language. They live in the contract, not in the
 * server module: the server writes the file alone and cannot read the web app's locale files, and the web
 * app's tests import this table beside its locale files (apps/web/src/features/records/statementTexts.test.ts)
 * to check that the file names each fund-flow type and account exactly as the screens do; the web app must
 * never import server code. The web app's own screens keep using the locale files (`fundFlow.<type>`,
 * `records.account.<account>`, `accountCentre.available`): these copies are for the file only.
 */

/** A language the statement can be written in: the app's locale tags (LANGUAGES' `tag`s). */
export type StatementLanguage = (typeof LANGUAGES)[LanguageCode]["tag"];
export const STATEMENT_LANGUAGES: StatementLanguage[] = Object.values(LANGUAGES).map(({ tag }) => tag);
export const STATEMENT_DEFAULT_LANGUAGE: StatementLanguage = "en";

export interface StatementTexts {
  /** The header row, in STATEMENT_COLUMNS' order; the date column names the time zone of its days and times. */
  columns: {
    currency: string;
    account: string;
    date: (timeZone: string) => string;
    type: string;
    typeCode: string;
    reference: string;
    amount: string;
    balance: string;
    reason: string;
  };
  openingBalance: string;
  closingBalance: string;
  /** As the screens name them: `accountCentre.available` and `records.account.<account>`. */
  accounts: Record<RecordAccount, string>;
  /** As the fund records name them: `fundFlow.<type>`. */
  fundFlow: Record<EntryType, string>;
}

const en: StatementTexts = {
  columns: {
    currency: "Currency",
    account: "Account",
    date: (timeZone) => `Date (${timeZone})`,
    type: "Type",
    typeCode: "Type code",
    reference: "Reference",
    amount: "Amount",
    balance: "Balance",
    reason: "Reason",
  },
  openingBalance: "Opening balance",
  closingBalance: "Closing balance",
  accounts: { available: "Available", held: "Frozen funds", margin: "Margin", loan: "Loan" },
  fundFlow: {
    deposit: "Deposit",
    withdrawalHold: "Withdrawal request",
    withdrawalPayout: "Withdrawal paid out",
    withdrawalRefusal: "Withdrawal refusal",
    withdrawalFee: "Withdrawal network fee",
    exchange: "Currency exchange",
    usToIndia: "US-to-India",
    indiaToUs: "India-to-US",
    adjustment: "Balance adjustment",
    tradeMargin: "Trade margin",
    marginRelease: "Margin release",
    fee: "Trading fee",
    stampDuty: "Trading taxes",
    realisedPnl: "Realised profit and loss",
    negativeBalanceProtection: "Negative balance protection",
    ipoPayment: "New share payment",
    ipoRefund: "New share refund",
    creditLoan: "Credit loan",
    creditRepayment: "Credit repayment",
    copyBuy: "Copy order buy",
    copyPayout: "Copy order payout",
    copyRebate: "Copy rebate",
    copyFee: "Copy product fee",
    lendingRebate: "Lending rebate",
    dayTradeReview: "Day-trade review",
    signIn: "Sign-in",
  },
};

const zhTW: StatementTexts = {
  columns: {
    currency: "幣種",
    account: "帳戶",
    date: (timeZone) => `日期（${timeZone}）`,
    type: "類型",
    typeCode: "類型代碼",
    reference: "參考編號",
    amount: "金額",
    balance: "餘額",
    reason: "原因",
  },
  openingBalance: "期初餘額",
  closingBalance: "期末餘額",
  accounts: { available: "可用", held: "凍結資金", margin: "保證金", loan: "貸款" },
  fundFlow: {
    deposit: "充值",
    withdrawalHold: "提現申請",
    withdrawalPayout: "提現出款",
    withdrawalRefusal: "提現駁回",
    withdrawalFee: "提現網路手續費",
    exchange: "貨幣兌換",
    usToIndia: "美轉印",
    indiaToUs: "印轉美",
    adjustment: "餘額調整",
    tradeMargin: "交易保證金",
    marginRelease: "保證金釋放",
    fee: "手續費",
    stampDuty: "交易稅費",
    realisedPnl: "已實現盈虧",
    negativeBalanceProtection: "負餘額保障",
    ipoPayment: "新股繳款",
    ipoRefund: "新股退款",
    creditLoan: "信用貸款",
    creditRepayment: "信用還款",
    copyBuy: "跟單買入",
    copyPayout: "跟單派付",
    copyRebate: "跟單返利",
    copyFee: "跟單產品費用",
    lendingRebate: "出借返利",
    dayTradeReview: "日內交易審核",
    signIn: "簽到",
  },
};

const zhCN: StatementTexts = {
  columns: {
    currency: "币种",
    account: "账户",
    date: (timeZone) => `日期（${timeZone}）`,
    type: "类型",
    typeCode: "类型代码",
    reference: "参考编号",
    amount: "金额",
    balance: "余额",
    reason: "原因",
  },
  openingBalance: "期初余额",
  closingBalance: "期末余额",
  accounts: { available: "可用", held: "冻结资金", margin: "保证金", loan: "贷款" },
  fundFlow: {
    deposit: "充值",
    withdrawalHold: "提现申请",
    withdrawalPayout: "提现出款",
    withdrawalRefusal: "提现驳回",
    withdrawalFee: "提现网络手续费",
    exchange: "货币兑换",
    usToIndia: "美转印",
    indiaToUs: "印转美",
    adjustment: "余额调整",
    tradeMargin: "交易保证金",
    marginRelease: "保证金释放",
    fee: "手续费",
    stampDuty: "交易税费",
    realisedPnl: "已实现盈亏",
    negativeBalanceProtection: "负余额保护",
    ipoPayment: "新股缴款",
    ipoRefund: "新股退款",
    creditLoan: "信用贷款",
    creditRepayment: "信用还款",
    copyBuy: "跟单买入",
    copyPayout: "跟单派付",
    copyRebate: "跟单返利",
    copyFee: "跟单产品费用",
    lendingRebate: "出借返利",
    dayTradeReview: "日内交易审核",
    signIn: "签到",
  },
};

const ko: StatementTexts = {
  columns: {
    currency: "통화",
    account: "계좌",
    date: (timeZone) => `날짜 (${timeZone})`,
    type: "유형",
    typeCode: "유형 코드",
    reference: "참조 번호",
    amount: "금액",
    balance: "잔액",
    reason: "사유",
  },
  openingBalance: "기초 잔액",
  closingBalance: "기말 잔액",
  accounts: { available: "사용 가능", held: "동결 자금", margin: "증거금", loan: "대출" },
  fundFlow: {
    deposit: "입금",
    withdrawalHold: "출금 신청",
    withdrawalPayout: "출금 지급",
    withdrawalRefusal: "출금 거절",
    withdrawalFee: "출금 네트워크 수수료",
    exchange: "환전",
    usToIndia: "미국→인도 이체",
    indiaToUs: "인도→미국 이체",
    adjustment: "잔액 조정",
    tradeMargin: "거래 증거금",
    marginRelease: "증거금 해제",
    fee: "거래 수수료",
    stampDuty: "거래 세금",
    realisedPnl: "실현 손익",
    negativeBalanceProtection: "마이너스 잔고 보호",
    ipoPayment: "공모주 납입",
    ipoRefund: "공모주 환불",
    creditLoan: "신용 대출",
    creditRepayment: "신용 대출 상환",
    copyBuy: "카피 트레이딩 매수",
    copyPayout: "카피 트레이딩 지급",
    copyRebate: "카피 트레이딩 리베이트",
    copyFee: "카피 상품 수수료",
    lendingRebate: "대여 리베이트",
    dayTradeReview: "데이 트레이딩 심사",
    signIn: "출석 체크",
  },
};

const hi: StatementTexts = {
  columns: {
    currency: "मुद्रा",
    account: "खाता",
    date: (timeZone) => `तारीख (${timeZone})`,
    type: "प्रकार",
    typeCode: "प्रकार कोड",
    reference: "संदर्भ",
    amount: "राशि",
    balance: "शेष",
    reason: "कारण",
  },
  openingBalance: "शुरुआती शेष राशि",
  closingBalance: "अंतिम शेष राशि",
  accounts: { available: "उपलब्ध", held: "रोकी गई राशि", margin: "मार्जिन", loan: "ऋण" },
  fundFlow: {
    deposit: "जमा",
    withdrawalHold: "निकासी अनुरोध",
    withdrawalPayout: "निकासी का भुगतान",
    withdrawalRefusal: "निकासी अस्वीकृत",
    withdrawalFee: "निकासी नेटवर्क शुल्क",
    exchange: "मुद्रा विनिमय",
    usToIndia: "अमेरिका से भारत",
    indiaToUs: "भारत से अमेरिका",
    adjustment: "शेष राशि समायोजन",
    tradeMargin: "ट्रेड मार्जिन",
    marginRelease: "मार्जिन वापसी",
    fee: "ट्रेडिंग शुल्क",
    stampDuty: "ट्रेडिंग कर",
    realisedPnl: "प्राप्त लाभ-हानि",
    negativeBalanceProtection: "नकारात्मक शेष सुरक्षा",
    ipoPayment: "नए शेयर का भुगतान",
    ipoRefund: "नए शेयर की वापसी",
    creditLoan: "क्रेडिट ऋण",
    creditRepayment: "क्रेडिट चुकौती",
    copyBuy: "कॉपी ऑर्डर खरीद",
    copyPayout: "कॉपी ऑर्डर भुगतान",
    copyRebate: "कॉपी ट्रेडिंग छूट",
    copyFee: "कॉपी उत्पाद शुल्क",
    lendingRebate: "उधार छूट",
    dayTradeReview: "डे-ट्रेड समीक्षा",
    signIn: "दैनिक चेक-इन",
  },
};

/** Every app language's statement texts: a language added to LANGUAGES does not compile until it has its own. */
export const STATEMENT_TEXTS: Record<StatementLanguage, StatementTexts> = {
  en,
  "zh-TW": zhTW,
  "zh-CN": zhCN,
  ko,
  hi,
};
