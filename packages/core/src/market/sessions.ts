/**
 * A trading session as minutes from the trading day's local midnight. `open` may be negative: the forex
 * day D opens at 17:00 New York time on the day before (−420).
 */
export interface SessionSpec {
  open: number;
  close: number;
}

/** What makes a day's sessions differ from the regular ones. */
export type SpecialDayKind =
  /** Closes early (US 13:00 on the day after Thanksgiving). */
  | "earlyClose"
  /** Opens late (Korea's first trading day of the year, the university-entrance-exam day). */
  | "lateOpen"
  /** Trades the morning only (Bursa on the eve of Chinese New Year and Hari Raya Aidilfitri). */
  | "halfDay"
  /** Trades on a day that is otherwise closed (India's Budget-day weekend sessions). */
  | "extraDay"
  /** A short session outside regular hours (Diwali Muhurat trading). */
  | "special";

/** A day whose sessions are not the calendar's regular ones; it is a trading day even on a weekend or holiday. */
export interface SpecialDay {
  kind: SpecialDayKind;
  sessions: readonly SessionSpec[];
}

/** Regular sessions that applied before a date (ISO, exclusive), e.g. SET's afternoon before 2024-03-25. */
export interface SessionEra {
  before: string;
  sessions: readonly SessionSpec[];
}

/** Minutes of the day of "HH:mm". */
export const hm = (text: string): number => {
  const [h = "0", m = "0"] = text.split(":");
  return Number(h) * 60 + Number(m);
};

export const session = (open: string, close: string): SessionSpec => ({ open: hm(open), close: hm(close) });

/** Special days of one kind with the same sessions, keyed by ISO date. */
export function specialDays(
  kind: SpecialDayKind,
  sessions: readonly SessionSpec[],
  dates: readonly string[],
): Record<string, SpecialDay> {
  return Object.fromEntries(dates.map((date) => [date, { kind, sessions }]));
}

/** One market's published calendar: regular sessions (today's and earlier ones), holidays and special days. */
export interface MarketCalendar {
  sessions: readonly SessionSpec[];
  earlierSessions: readonly SessionEra[];
  /** Full-day closures on weekdays, as ISO dates. */
  holidays: readonly string[];
  specialDays: Readonly<Record<string, SpecialDay>>;
}
