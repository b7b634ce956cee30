import { EXCHANGES, type CalendarSpec, type ExchangeCode, type ExchangeSpec } from "./exchanges.js";
import type { SessionSpec, SpecialDay } from "./sessions.js";
import {
  MINUTE_MS,
  dayNumFromIso,
  isoFromDayNum,
  toMillis,
  weekdayOf,
  zonedDayMinute,
  zonedToInstant,
} from "./time.js";
import type { DayNum, Instant } from "./time.js";

/** A calendar, an exchange (spec or code) — anything that names a trading calendar. */
export type CalendarRef = CalendarSpec | ExchangeSpec | ExchangeCode;

export function calendarOf(ref: CalendarRef): CalendarSpec {
  if (typeof ref === "string") return EXCHANGES[ref].calendar;
  return "calendar" in ref ? ref.calendar : ref;
}

/** The first day of simulated history. */
export const HISTORY_START: DayNum = dayNumFromIso("2016-01-01");

interface DayRules {
  holidays: Set<DayNum>;
  special: Map<DayNum, SpecialDay>;
}

const dayRules = new Map<string, DayRules>();

function rulesOf(cal: CalendarSpec): DayRules {
  let rules = dayRules.get(cal.id);
  if (!rules) {
    rules = {
      holidays: new Set(cal.holidays.map(dayNumFromIso)),
      special: new Map(Object.entries(cal.specialDays).map(([iso, day]) => [dayNumFromIso(iso), day])),
    };
    dayRules.set(cal.id, rules);
  }
  return rules;
}

/** The day's own sessions (early close, late open, half day, special session), if it has any. */
export function specialDayOn(ref: CalendarRef, day: DayNum | string): SpecialDay | undefined {
  const d = typeof day === "string" ? dayNumFromIso(day) : day;
  return rulesOf(calendarOf(ref)).special.get(d);
}

/** A day trades if it has special sessions (even on a weekend or holiday), else if it is a weekday that is no holiday. */
export function isTradingDay(ref: CalendarRef, day: DayNum | string): boolean {
  const cal = calendarOf(ref);
  const d = typeof day === "string" ? dayNumFromIso(day) : day;
  const rules = rulesOf(cal);
  const special = rules.special.get(d);
  if (special) return special.sessions.length > 0;
  return !cal.weekend.includes(weekdayOf(d)) && !rules.holidays.has(d);
}

/** The regular sessions in force on a day (a calendar's hours change over the years). */
export function regularSessionsOn(ref: CalendarRef, day: DayNum): readonly SessionSpec[] {
  const cal = calendarOf(ref);
  const era = cal.earlierSessions.find((e) => day < dayNumFromIso(e.before));
  return era ? era.sessions : cal.sessions;
}

/** The trading-day date an instant belongs to (forex days roll at 17:00 New York). May be a non-trading day. */
export function sessionDay(ref: CalendarRef, at: Instant): DayNum {
  const cal = calendarOf(ref);
  const { day, minute } = zonedDayMinute(cal.timeZone, toMillis(at));
  const firstOpen = cal.sessions[0]?.open ?? 0;
  return firstOpen < 0 && minute >= firstOpen + 1440 ? day + 1 : day;
}

export function sessionDate(ref: CalendarRef, at: Instant): string {
  return isoFromDayNum(sessionDay(ref, at));
}

export interface SessionWindow {
  /** Epoch ms, close exclusive. */
  open: number;
  close: number;
}

export interface DaySchedule {
  day: DayNum;
  sessions: readonly SessionWindow[];
  /** Start instants (epoch ms) of every trading minute of the day, in order. */
  minutes: readonly number[];
}

const EMPTY: readonly SessionWindow[] = [];
const scheduleCache = new Map<string, DaySchedule>();

/**
 * The sessions and trading minutes of one day: its special sessions if it has any, else the regular ones
 * in force that day; empty on weekends and holidays. Memoised (bounded).
 */
export function scheduleOn(ref: CalendarRef, day: DayNum): DaySchedule {
  const cal = calendarOf(ref);
  const key = `${cal.id}|${day}`;
  const cached = scheduleCache.get(key);
  if (cached) return cached;
  let schedule: DaySchedule = { day, sessions: EMPTY, minutes: [] };
  if (isTradingDay(cal, day)) {
    const specs = specialDayOn(cal, day)?.sessions ?? regularSessionsOn(cal, day);
    const sessions = specs.map((s) => ({
      open: zonedToInstant(cal.timeZone, day, s.open),
      close: zonedToInstant(cal.timeZone, day, s.close),
    }));
    const minutes: number[] = [];
    for (const s of sessions) for (let t = s.open; t < s.close; t += MINUTE_MS) minutes.push(t);
    schedule = { day, sessions, minutes };
  }
  if (scheduleCache.size > 4096) scheduleCache.clear();
  scheduleCache.set(key, schedule);
  return schedule;
}

export function isOpen(ref: CalendarRef, at: Instant): boolean {
  const t = toMillis(at);
  return scheduleOn(ref, sessionDay(ref, t)).sessions.some((s) => s.open <= t && t < s.close);
}

const SEARCH_DAYS = 40;

/** The first session open at or after the instant (epoch ms). */
export function nextOpen(ref: CalendarRef, at: Instant): number {
  const t = toMillis(at);
  const start = sessionDay(ref, t);
  for (let day = start; day < start + SEARCH_DAYS; day++) {
    for (const s of scheduleOn(ref, day).sessions) if (s.open >= t) return s.open;
  }
  throw new RangeError("No session open within 40 days");
}

/** The last session close at or before the instant (epoch ms). */
export function lastClose(ref: CalendarRef, at: Instant): number {
  const t = toMillis(at);
  const start = sessionDay(ref, t);
  for (let day = start; day > start - SEARCH_DAYS; day--) {
    const sessions = scheduleOn(ref, day).sessions;
    for (let i = sessions.length - 1; i >= 0; i--) {
      const close = sessions[i]?.close ?? Infinity;
      if (close <= t) return close;
    }
  }
  throw new RangeError("No session close within 40 days");
}

export function nextTradingDay(ref: CalendarRef, day: DayNum): DayNum {
  let d = day + 1;
  while (!isTradingDay(ref, d)) d++;
  return d;
}

export function previousTradingDay(ref: CalendarRef, day: DayNum): DayNum {
  let d = day - 1;
  while (!isTradingDay(ref, d)) d--;
  return d;
}

/** Trading days from `from` to `to`, both inclusive, as ISO dates. */
export function tradingDaysBetween(ref: CalendarRef, from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = dayNumFromIso(from), end = dayNumFromIso(to); d <= end; d++) {
    if (isTradingDay(ref, d)) out.push(isoFromDayNum(d));
  }
  return out;
}

/**
 * Numbered trading days since HISTORY_START for one calendar, grown on demand. The simulator's daily
 * walk is indexed by these numbers.
 */
export class TradingDayIndex {
  private readonly days: DayNum[] = [];
  /** For each calendar day since HISTORY_START: index of the last trading day on or before it, or −1. */
  private onOrBefore = new Int32Array(0);

  constructor(readonly calendar: CalendarSpec) {}

  private growTo(day: DayNum): void {
    const needed = day - HISTORY_START + 1;
    if (needed <= this.onOrBefore.length) return;
    const size = Math.max(needed + 366, this.onOrBefore.length * 2);
    const next = new Int32Array(size);
    next.set(this.onOrBefore);
    for (let offset = this.onOrBefore.length; offset < size; offset++) {
      const d = HISTORY_START + offset;
      if (isTradingDay(this.calendar, d)) this.days.push(d);
      next[offset] = this.days.length - 1;
    }
    this.onOrBefore = next;
  }

  /** Index of the last trading day on or before `day`; −1 before history starts. */
  indexOnOrBefore(day: DayNum): number {
    if (day < HISTORY_START) return -1;
    this.growTo(day);
    return this.onOrBefore[day - HISTORY_START] ?? -1;
  }

  dayAt(index: number): DayNum {
    this.growTo(HISTORY_START + index * 2 + 14);
    const day = this.days[index];
    if (day === undefined) throw new RangeError(`No trading day #${index}`);
    return day;
  }
}

const indexes = new Map<string, TradingDayIndex>();

export function tradingDayIndex(ref: CalendarRef): TradingDayIndex {
  const cal = calendarOf(ref);
  let index = indexes.get(cal.id);
  if (!index) {
    index = new TradingDayIndex(cal);
    indexes.set(cal.id, index);
  }
  return index;
}
