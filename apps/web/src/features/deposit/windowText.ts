import type { TimeWindow } from "@brokerage/api";

/** A weekday's short name in `language` (Sunday = 0); 2023-01-01 was a Sunday. */
function weekday(day: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  );
}

/**
 * The days of a window as people read them: `everyDay` for all seven, "Mon – Fri" for a run of days,
 * else a list.
 */
export function formatDays(days: readonly number[], language: string, everyDay: string): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (first === undefined || last === undefined) return "";
  if (sorted.length === 7) return everyDay;
  const isRun = sorted.length > 2 && last - first === sorted.length - 1;
  return isRun
    ? `${weekday(first, language)} – ${weekday(last, language)}`
    : sorted.map((d) => weekday(d, language)).join(", ");
}

/** The window's time zone by name ("India Standard Time"), or its id where the browser has no name. */
export function formatTimeZone(timeZone: string, language: string): string {
  try {
    const part = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: "long" })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName");
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** The params of the locale's window rule: days, from, to, time zone. */
export function windowParams(window: TimeWindow, language: string, everyDay: string) {
  return {
    days: formatDays(window.days, language, everyDay),
    from: window.from,
    to: window.to,
    timeZone: formatTimeZone(window.timeZone, language),
  };
}
