import {
  isOpen,
  nextOpen,
  nextTradingDay,
  scheduleOn,
  sessionDay,
  type CalendarRef,
} from "../market/calendar.js";
import { MINUTE_MS, toMillis, type DayNum, type Instant } from "../market/time.js";
import type { LockRule } from "./config.js";

/**
 * The trade date T of a position opened at `at`: the trading day of the session it opened in, or of the
 * next session when it opened outside one (after the close, over a weekend or holiday — a block trade
 * approved on a Saturday trades on Monday). Counting T+N from the next session keeps a lock from being
 * spent while the market is shut.
 */
export function tradeDate(calendar: CalendarRef, at: Instant): DayNum {
  const t = toMillis(at);
  return sessionDay(calendar, isOpen(calendar, t) ? t : nextOpen(calendar, t));
}

/**
 * When a position opened at `openedAt` may first be closed, epoch ms; null when the rule locks nothing.
 * N minutes: `openedAt` + N minutes. T+N trading days: the first open of the Nth trading day after the
 * trade date (T+1 of a Friday trade is Monday's open; holidays are skipped like weekends).
 */
export function lockedUntil(openedAt: Instant, lock: LockRule, calendar: CalendarRef): number | null {
  if (lock.n <= 0) return null;
  const opened = toMillis(openedAt);
  if (lock.kind === "minutes") return opened + lock.n * MINUTE_MS;
  let day = tradeDate(calendar, opened);
  for (let i = 0; i < lock.n; i++) day = nextTradingDay(calendar, day);
  const first = scheduleOn(calendar, day).sessions[0];
  if (!first) throw new RangeError(`no session on trading day ${day}`);
  return first.open;
}

/** Whether the position may not be closed by its owner yet. */
export function isLocked(position: { lockedUntil: number | null }, now: Instant): boolean {
  return position.lockedUntil !== null && toMillis(now) < position.lockedUntil;
}
