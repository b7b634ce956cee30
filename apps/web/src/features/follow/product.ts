import type { EquityPoint, FollowHolding, FollowNavPoint } from "@brokerage/api";
import { readStored, writeStored } from "../../lib/storage";

/**
 * The product screen (/home/fllowDetail) reads its product id from local storage, as the placement offer
 * and the stock detail do: the paths carry no parameters (spec §2).
 */
export const FOLLOW_PRODUCT_KEY = "followProduct";

export const saveProductId = (id: string) => writeStored(FOLLOW_PRODUCT_KEY, id);
export const readProductId = () => readStored(FOLLOW_PRODUCT_KEY);

/**
 * The copy stop-loss's bounds, whole percent of the amount: the contract's FOLLOW_STOP_LOSS_MIN and _MAX
 * (follow.test keeps them equal; the app takes no value from the contract's schemas module).
 */
export const STOP_LOSS_MIN = 5;
export const STOP_LOSS_MAX = 95;

/** Whether a holding has ended (redeemed, stopped out, paid out, closed out): it has its end time. */
export const hasEnded = (holding: Pick<FollowHolding, "endedAt">) => holding.endedAt !== null;

/** A measured percentage of the contract ("-3.25", already in percent) as text with its sign; null: "—". */
export function signedPercent(value: string | null): string {
  if (value === null) return "—";
  const positive = !value.startsWith("-") && /[1-9]/.test(value);
  return `${positive ? "+" : ""}${value}%`;
}

/** The tone of a signed figure (spec §9 colours: a rise red, a fall green; zero or none plain). */
export function toneOfChange(value: string | null): "up" | "down" | "flat" {
  if (value === null || !/[1-9]/.test(value)) return "flat";
  return value.startsWith("-") ? "down" : "up";
}

/** The copy stop-loss as typed: a whole percentage from 5 to 95, or null. */
export function parseStopLoss(text: string): number | null {
  if (!/^\d{1,2}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= STOP_LOSS_MIN && value <= STOP_LOSS_MAX ? value : null;
}

/**
 * The NAV series as the chart's calendar days (UTC): the last mark of each day, in order (the chart wants
 * one point a day, strictly rising), and the latest mark as today's point.
 */
export function navChartPoints(series: readonly FollowNavPoint[], latest?: FollowNavPoint): EquityPoint[] {
  const byDay = new Map<string, string>();
  const points = latest ? [...series, latest] : series;
  for (const point of [...points].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)))
    byDay.set(point.at.slice(0, 10), point.nav);
  return [...byDay].map(([date, value]) => ({ date, value }));
}
