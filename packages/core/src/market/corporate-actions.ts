import type { CorporateAction } from "./adjustment.js";

const split = (symbol: string, exDate: string, ratio: number): CorporateAction => ({
  symbol,
  exDate,
  type: "split",
  ratio,
});
const dividend = (symbol: string, exDate: string, amount: number): CorporateAction => ({
  symbol,
  exDate,
  type: "dividend",
  amount,
});

/**
 * Simulated corporate actions, a few per market, so that chart adjustment visibly matters. Splits include
 * bonus issues (1:1 bonus = ratio 2). Dividends are in the instrument's currency per share at the time.
 */
export const CORPORATE_ACTIONS: readonly CorporateAction[] = [
  split("WIPRO", "2024-12-03", 2),
  split("BAJFINANCE", "2025-06-16", 10),
  split("500790", "2025-08-08", 2),
  dividend("RELIANCE", "2025-08-14", 5.5),
  dividend("TCS", "2026-01-16", 30),
  dividend("INFY", "2026-05-29", 22),
  split("WMT", "2024-02-26", 3),
  split("NFLX", "2025-11-17", 10),
  dividend("AAPL", "2026-02-09", 0.26),
  dividend("MSFT", "2026-05-21", 0.91),
  dividend("KO", "2026-06-15", 0.53),
  dividend("JPM", "2026-07-06", 1.5),
  dividend("005930", "2025-12-29", 361),
  dividend("105560", "2026-03-27", 1600),
  split("058470", "2026-04-20", 5),
  split("5398", "2025-10-08", 2),
  dividend("1295", "2026-03-10", 0.13),
  dividend("1155", "2026-09-29", 0.32),
  split("DELTA", "2025-04-21", 2),
  dividend("PTT", "2026-04-23", 1),
  dividend("BDMS", "2026-04-22", 0.45),
  dividend("AOT", "2026-12-09", 0.8),
];
