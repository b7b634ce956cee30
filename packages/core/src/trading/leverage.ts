import type { Instrument } from "../market/types.js";

/**
 * Retail leverage caps by the class of the underlying (DESIGN §5a, "Leverage").
 *
 * The defaults are ESMA's product intervention measures on CFDs for retail clients: Decision (EU) 2018/796
 * of 22 May 2018 under Article 40 of MiFIR (Regulation (EU) No 600/2014), OJ L 136 of 1 June 2018, applied
 * from 1 August 2018 and renewed by Decisions (EU) 2018/1636, 2019/155 and 2019/679 until 31 July 2019,
 * since when the national competent authorities' permanent measures under Article 42 of MiFIR hold the same
 * limits (e.g. the FCA's PS19/18, COBS 22.5, from 1 August 2019; BaFin's general administrative act of
 * 23 July 2019). Annex II sets the initial margin as a share of the notional:
 *
 *   (a) 3.33% (30:1) "when the underlying currency pair is composed of any two of the following currencies:
 *       US dollar, Euro, Japanese yen, Pound sterling, Canadian dollar or Swiss franc";
 *   (b) 5% (20:1) for the major equity indices (FTSE 100, CAC 40, DAX30, Dow Jones Industrial Average,
 *       S&P 500, NASDAQ Composite, NASDAQ 100, Nikkei 225, S&P/ASX 200, EURO STOXX 50), "a currency pair
 *       composed of at least one currency that is not listed in point (a)", and gold;
 *   (c) 10% (10:1) for a commodity other than gold or an equity index other than those of (b);
 *   (d) 50% (2:1) for a cryptocurrency;
 *   (e) 20% (5:1) for a share, and any underlying not otherwise listed.
 *
 * Annex III is the margin close-out rule (close when equity falls to 50% of the initial margin), Annex IV
 * negative balance protection (a retail client cannot lose more than the funds committed).
 */
export const LEVERAGE_CLASSES = [
  "fxMajor",
  "fxOther",
  "gold",
  "majorIndex",
  "commodity",
  "otherIndex",
  "share",
  "crypto",
] as const;
export type LeverageClass = (typeof LEVERAGE_CLASSES)[number];

/** The highest leverage a retail client may open at, per class: ESMA Decision (EU) 2018/796, Annex II. */
export const ESMA_RETAIL_CAPS: Readonly<Record<LeverageClass, number>> = {
  fxMajor: 30,
  fxOther: 20,
  gold: 20,
  majorIndex: 20,
  commodity: 10,
  otherIndex: 10,
  share: 5,
  crypto: 2,
};

/** The currencies of Annex II (a): a pair of any two of them is a major pair. */
export const MAJOR_CURRENCIES: readonly string[] = ["USD", "EUR", "JPY", "GBP", "CAD", "CHF"];

/** The steps a user picks from; the list on offer is the steps up to the class's cap, and the cap itself. */
export const LEVERAGE_STEPS: readonly number[] = [1, 2, 5, 10, 20, 30, 50, 100];

/**
 * The leverage class of an instrument of the catalogue. A forex pair's symbol is its base and quote
 * currencies (EURUSD, USDJPY); every listed crypto asset is a cryptocurrency and every stock a single share.
 */
export function leverageClassOf(instrument: Pick<Instrument, "kind" | "symbol">): LeverageClass {
  switch (instrument.kind) {
    case "forex": {
      const base = instrument.symbol.slice(0, 3);
      const quote = instrument.symbol.slice(3, 6);
      return MAJOR_CURRENCIES.includes(base) && MAJOR_CURRENCIES.includes(quote) ? "fxMajor" : "fxOther";
    }
    case "crypto":
      return "crypto";
    case "stock":
      return "share";
  }
}

/** A market's caps as configured: a class it does not name is unleveraged (1). */
export type LeverageCaps = Partial<Record<LeverageClass, number>>;

export const capOf = (caps: LeverageCaps, leverageClass: LeverageClass): number => caps[leverageClass] ?? 1;

/** The leverages a user may choose under `cap`, ascending: the steps below it and the cap itself. */
export function leverageChoices(cap: number): number[] {
  return [...LEVERAGE_STEPS.filter((step) => step < cap), cap];
}

/** The leverages on offer for an instrument under a market's caps. */
export function leveragesFor(instrument: Pick<Instrument, "kind" | "symbol">, caps: LeverageCaps): number[] {
  return leverageChoices(capOf(caps, leverageClassOf(instrument)));
}

/**
 * Whether `after` raises any class's cap above `before` (a class absent is 1): raising a cap is a control
 * change that needs two administrators; lowering one an operator may do alone (DESIGN §5a, Controls).
 */
export function raisesCaps(before: LeverageCaps, after: LeverageCaps): boolean {
  return LEVERAGE_CLASSES.some((c) => capOf(after, c) > capOf(before, c));
}
