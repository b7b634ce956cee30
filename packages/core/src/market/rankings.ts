import type { Quote } from "./types.js";

export type RankingKind = "gainers" | "losers" | "volume" | "turnover";

/**
 * Top lists over quotes: gainers (gain > 0, highest first), losers (gain < 0, lowest first), most traded
 * by volume or by turnover. Compare turnover only within one currency.
 */
export function rankQuotes(quotes: readonly Quote[], kind: RankingKind, limit = 20): Quote[] {
  const by = (value: (q: Quote) => number, keep: (v: number) => boolean, descending: boolean) =>
    quotes
      .filter((q) => keep(value(q)))
      .sort((a, b) => (descending ? value(b) - value(a) : value(a) - value(b)) || (a.code < b.code ? -1 : 1))
      .slice(0, limit);
  switch (kind) {
    case "gainers":
      return by(
        (q) => Number(q.gain),
        (v) => v > 0,
        true,
      );
    case "losers":
      return by(
        (q) => Number(q.gain),
        (v) => v < 0,
        false,
      );
    case "volume":
      return by(
        (q) => q.volume,
        () => true,
        true,
      );
    case "turnover":
      return by(
        (q) => Number(q.turnover),
        () => true,
        true,
      );
  }
}
