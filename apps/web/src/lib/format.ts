import { zoneOffsetMinutes } from "@brokerage/core";

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Spec §9 date format, YYYY.MM.DD hh:mm:ss, in the device's zone and naming it ("2026.12.02 14:30:00
 * GMT+8"): a time shown without its zone is ambiguous beside charts in exchange time.
 */
export function formatDateTime(value: Date): string {
  if (Number.isNaN(value.getTime())) return "—";
  return (
    `${value.getFullYear()}.${pad(value.getMonth() + 1)}.${pad(value.getDate())} ` +
    `${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())} ` +
    formatZoneOffset(undefined, value)
  );
}

/**
 * Spec §9's format in another zone, naming it ("2026.12.02 09:15:00 GMT+5:30"): exchange time for market
 * things (an IPO's price becoming final), the zone's offset from the core's calendar arithmetic.
 */
export function formatDateTimeIn(value: Date, timeZone: string): string {
  if (Number.isNaN(value.getTime())) return "—";
  const wall = new Date(value.getTime() + zoneOffsetMinutes(timeZone, value.getTime()) * 60_000);
  return (
    `${wall.getUTCFullYear()}.${pad(wall.getUTCMonth() + 1)}.${pad(wall.getUTCDate())} ` +
    `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())} ` +
    formatZoneOffset(timeZone, value)
  );
}

const TIME_OF_DAY = /^\d{1,2}:\d{2}(:\d{2})?$/;

/**
 * Time text for error params (deposit/withdrawal windows, lock ends): a time of day stays "09:30",
 * an instant becomes "YYYY.MM.DD hh:mm:ss"; anything else is shown as sent.
 */
export function formatTimeText(value: string): string {
  if (TIME_OF_DAY.test(value)) {
    const [h = "0", m = "00"] = value.split(":");
    return `${h.padStart(2, "0")}:${m}`;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) || !/\d{4}-\d{2}-\d{2}/.test(value) ? value : formatDateTime(date);
}

/**
 * A zone as a reader names it beside a time: its offset from UTC ("GMT+5:30", "GMT+9"), or "UTC"; the
 * zone's id where the browser cannot name it. `timeZone` unset: the device's own zone.
 */
export function formatZoneOffset(timeZone: string | undefined, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "shortOffset" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName");
    const offset = part?.value;
    // Browsers name zero "GMT" or "GMT+0".
    return !offset || /^GMT([+-]0(:00)?)?$/.test(offset) ? "UTC" : offset;
  } catch {
    return timeZone ?? "UTC";
  }
}

/** Share counts (decimal strings on the wire, never JS numbers) as the screens write them: "10,000". */
export const sharesText = (value: string | bigint) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * A share count as the plural rules read it (`count` of i18next): only which form of "share" to write, never
 * a figure shown or computed with (those stay strings and bigint).
 */
export const pluralOf = (shares: string | bigint): number => (String(shares) === "1" ? 1 : 2);
