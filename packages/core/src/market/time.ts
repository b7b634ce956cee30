/**
 * Calendar days and zoned wall time. A `DayNum` is a civil date counted in days since 1970-01-01; an
 * instant is epoch milliseconds. Time zones go through `Intl.DateTimeFormat`, with offsets memoised in a
 * bounded cache (offsets only change at whole quarter-hours).
 */

export type DayNum = number;
export type Instant = number | Date;

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

export function toMillis(at: Instant): number {
  return typeof at === "number" ? at : at.getTime();
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function dayNumFromIso(iso: string): DayNum {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${iso}`);
  const [, y, m, d] = match;
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d));
  if (new Date(ms).toISOString().slice(0, 10) !== iso) throw new RangeError(`Not a calendar date: ${iso}`);
  return ms / DAY_MS;
}

export function isoFromDayNum(day: DayNum): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: DayNum): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function dayNumOfUtc(ms: number): DayNum {
  return Math.floor(ms / DAY_MS);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, number>();
const OFFSET_BUCKET_MS = 15 * MINUTE_MS;

function formatter(zone: string): Intl.DateTimeFormat {
  let fmt = formatters.get(zone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, fmt);
  }
  return fmt;
}

/** Minutes to add to UTC to get the zone's wall time at that instant (e.g. +330 for Asia/Kolkata). */
export function zoneOffsetMinutes(zone: string, instantMs: number): number {
  if (zone === "UTC") return 0;
  const key = `${zone}|${Math.floor(instantMs / OFFSET_BUCKET_MS)}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(instantMs))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  const offset = Math.round((wall - Math.floor(instantMs / 1000) * 1000) / MINUTE_MS);
  if (offsetCache.size > 20_000) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
}

export interface ZonedDayMinute {
  day: DayNum;
  /** Minutes since local midnight, with fraction. */
  minute: number;
}

/** The zone's wall date and minute-of-day at an instant. */
export function zonedDayMinute(zone: string, instantMs: number): ZonedDayMinute {
  const local = instantMs + zoneOffsetMinutes(zone, instantMs) * MINUTE_MS;
  const day = Math.floor(local / DAY_MS);
  return { day, minute: (local - day * DAY_MS) / MINUTE_MS };
}

/**
 * The instant of a wall time in a zone. `minuteOfDay` may fall outside 0…1440 (it then counts from the
 * given day's midnight). Around a DST change the offset in force just after the change is used.
 */
export function zonedToInstant(zone: string, day: DayNum, minuteOfDay: number): number {
  const local = day * DAY_MS + minuteOfDay * MINUTE_MS;
  const first = local - zoneOffsetMinutes(zone, local) * MINUTE_MS;
  return local - zoneOffsetMinutes(zone, first) * MINUTE_MS;
}

/** `YYYY-MM-DD HH:mm` in the zone, for messages and tests. */
export function formatZoned(zone: string, instantMs: number): string {
  const { day, minute } = zonedDayMinute(zone, instantMs);
  const whole = Math.floor(minute);
  const hh = String(Math.floor(whole / 60)).padStart(2, "0");
  const mm = String(whole % 60).padStart(2, "0");
  return `${isoFromDayNum(day)} ${hh}:${mm}`;
}

/** Adds calendar months to a day, clamping to the month's last day (Mar 31 − 1 month → Feb 28/29). */
export function addMonths(day: DayNum, months: number): DayNum {
  const date = new Date(day * DAY_MS);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(date.getUTCDate(), lastDay)) / DAY_MS;
}
