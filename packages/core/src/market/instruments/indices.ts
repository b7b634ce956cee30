import { EXCHANGES, type ExchangeCode } from "../exchanges.js";
import type { Instrument, LocalizedNames, MarketIndex } from "../types.js";
import { zhTWName } from "./build.js";

interface IndexRow {
  code: string;
  exchange: ExchangeCode;
  /** All but the Traditional Chinese name, which comes from `names-zh-tw.ts`. */
  names: Omit<LocalizedNames, "zhTW">;
  /** Level on the simulator's pivot date. */
  baseLevel: number;
  select: (stocks: readonly Instrument[]) => Instrument[];
}

const listed = (stocks: readonly Instrument[], markets: readonly string[], exchanges?: readonly string[]) =>
  stocks.filter(
    (s) =>
      s.kind === "stock" &&
      s.board === "listed" &&
      markets.includes(s.market) &&
      (!exchanges || exchanges.includes(s.exchange)),
  );

const largest = (stocks: Instrument[], count: number) =>
  [...stocks]
    .sort((a, b) => (b.sharesOutstanding ?? 0) * b.basePrice - (a.sharesOutstanding ?? 0) * a.basePrice)
    .slice(0, count);

// prettier-ignore
const ROWS: readonly IndexRow[] = [
  { code: "NIFTY50", exchange: "NSE", baseLevel: 24000, select: (s) => listed(s, ["IN"]),
    names: { en: "NIFTY 50", ko: "니프티 50", zh: "NIFTY 50指数", hi: "निफ्टी 50", local: "निफ्टी 50" } },
  { code: "SENSEX", exchange: "BSE", baseLevel: 79000, select: (s) => largest(listed(s, ["IN"]), 20),
    names: { en: "S&P BSE SENSEX", ko: "센섹스", zh: "孟买敏感指数", hi: "सेंसेक्स", local: "सेंसेक्स" } },
  { code: "NIFTYBANK", exchange: "NSE", baseLevel: 51000, select: (s) => listed(s, ["IN"]).filter((i) => i.industry === "Financials"),
    names: { en: "NIFTY Bank", ko: "니프티 뱅크", zh: "NIFTY银行指数", hi: "निफ्टी बैंक", local: "निफ्टी बैंक" } },
  { code: "SPX", exchange: "NYSE", baseLevel: 5900, select: (s) => listed(s, ["US"]),
    names: { en: "S&P 500", ko: "S&P 500", zh: "标普500指数", hi: "एसएंडपी 500", local: "S&P 500" } },
  { code: "IXIC", exchange: "NASDAQ", baseLevel: 19000, select: (s) => listed(s, ["US"], ["NASDAQ"]),
    names: { en: "NASDAQ Composite", ko: "나스닥 종합지수", zh: "纳斯达克综合指数", hi: "नैस्डैक कंपोजिट", local: "NASDAQ Composite" } },
  { code: "DJI", exchange: "NYSE", baseLevel: 42000, select: (s) => largest(listed(s, ["US"]), 30),
    names: { en: "Dow Jones Industrial Average", ko: "다우존스 산업평균지수", zh: "道琼斯工业平均指数", hi: "डाउ जोन्स इंडस्ट्रियल एवरेज", local: "Dow Jones Industrial Average" } },
  { code: "KOSPI", exchange: "KRX", baseLevel: 2500, select: (s) => listed(s, ["KR"], ["KRX"]),
    names: { en: "KOSPI", ko: "코스피", zh: "韩国综合指数", hi: "कोस्पी", local: "코스피" } },
  { code: "KOSDAQ", exchange: "KOSDAQ", baseLevel: 720, select: (s) => listed(s, ["KR"], ["KOSDAQ"]),
    names: { en: "KOSDAQ Composite", ko: "코스닥", zh: "科斯达克指数", hi: "कोस्डैक", local: "코스닥" } },
  { code: "KOSPI200", exchange: "KRX", baseLevel: 330, select: (s) => largest(listed(s, ["KR"], ["KRX"]), 200),
    names: { en: "KOSPI 200", ko: "코스피 200", zh: "韩国KOSPI 200指数", hi: "कोस्पी 200", local: "코스피 200" } },
  { code: "FBMKLCI", exchange: "BURSA", baseLevel: 1600, select: (s) => listed(s, ["MY"]),
    names: { en: "FTSE Bursa Malaysia KLCI", ko: "FBM KLCI", zh: "富时马来西亚吉隆坡综合指数", hi: "एफबीएम केएलसीआई", local: "FBM KLCI" } },
  { code: "FBM100", exchange: "BURSA", baseLevel: 11500, select: (s) => largest(listed(s, ["MY"]), 100),
    names: { en: "FTSE Bursa Malaysia Top 100", ko: "FBM 100", zh: "富时马来西亚100指数", hi: "एफबीएम 100", local: "FBM 100" } },
  { code: "FBMEMAS", exchange: "BURSA", baseLevel: 11800, select: (s) => listed(s, ["MY"]),
    names: { en: "FTSE Bursa Malaysia EMAS", ko: "FBM EMAS", zh: "富时马来西亚EMAS指数", hi: "एफबीएम एमास", local: "FBM EMAS" } },
  { code: "SET", exchange: "SET", baseLevel: 1400, select: (s) => listed(s, ["TH"]),
    names: { en: "SET Index", ko: "SET 지수", zh: "泰国SET指数", hi: "सेट इंडेक्स", local: "ดัชนี SET" } },
  { code: "SET50", exchange: "SET", baseLevel: 900, select: (s) => largest(listed(s, ["TH"]), 50),
    names: { en: "SET50 Index", ko: "SET50 지수", zh: "泰国SET50指数", hi: "सेट50 इंडेक्स", local: "ดัชนี SET50" } },
  { code: "SET100", exchange: "SET", baseLevel: 2000, select: (s) => largest(listed(s, ["TH"]), 100),
    names: { en: "SET100 Index", ko: "SET100 지수", zh: "泰国SET100指数", hi: "सेट100 इंडेक्स", local: "ดัชนี SET100" } },
];

/**
 * Market indices derived from their constituents (cap-weighted, divisor set at the pivot date): at least
 * three per market, so the home row is full. An index of more constituents than the catalogue lists takes
 * every listed one (the Dow's own price weighting is not modelled).
 */
export function buildIndices(stocks: readonly Instrument[]): MarketIndex[] {
  return ROWS.map((row) => {
    const spec = EXCHANGES[row.exchange];
    return {
      symbol: row.code,
      code: row.code,
      kind: "index",
      name: row.names.en,
      names: { ...row.names, zhTW: zhTWName(row.code, row.names.zh) },
      exchange: row.exchange,
      market: spec.market,
      currency: spec.currency,
      baseLevel: row.baseLevel,
      constituents: row.select(stocks).map((s) => s.symbol),
    };
  });
}
