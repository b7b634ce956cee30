import { describe, expect, it } from "vitest";
import {
  addMonths,
  dayNumFromIso,
  formatZoned,
  isoFromDayNum,
  weekdayOf,
  zoneOffsetMinutes,
  zonedToInstant,
} from "./time.js";

describe("zoned wall time", () => {
  it("converts wall time to instants and back in fixed-offset zones", () => {
    const day = dayNumFromIso("2026-03-02");
    expect(new Date(zonedToInstant("Asia/Kolkata", day, 9 * 60 + 15)).toISOString()).toBe(
      "2026-03-02T03:45:00.000Z",
    );
    expect(new Date(zonedToInstant("Asia/Seoul", day, 9 * 60)).toISOString()).toBe(
      "2026-03-02T00:00:00.000Z",
    );
    expect(formatZoned("Asia/Bangkok", Date.parse("2026-03-02T03:00:00Z"))).toBe("2026-03-02 10:00");
  });

  it("follows New York daylight saving time", () => {
    expect(zoneOffsetMinutes("America/New_York", Date.parse("2026-01-15T12:00:00Z"))).toBe(-300);
    expect(zoneOffsetMinutes("America/New_York", Date.parse("2026-07-15T12:00:00Z"))).toBe(-240);
    // 2026-03-08 is the spring-forward Sunday; the Monday open is 13:30 UTC, the Friday before 14:30 UTC.
    const open = (iso: string) =>
      new Date(zonedToInstant("America/New_York", dayNumFromIso(iso), 570)).toISOString();
    expect(open("2026-03-06")).toBe("2026-03-06T14:30:00.000Z");
    expect(open("2026-03-09")).toBe("2026-03-09T13:30:00.000Z");
    // Minutes beyond the day count from its midnight: 17:00 on the previous day.
    expect(
      new Date(zonedToInstant("America/New_York", dayNumFromIso("2026-03-09"), -420)).toISOString(),
    ).toBe("2026-03-08T21:00:00.000Z");
  });

  it("handles day numbers, weekdays and month arithmetic", () => {
    expect(isoFromDayNum(dayNumFromIso("2024-02-29"))).toBe("2024-02-29");
    expect(() => dayNumFromIso("2025-02-29")).toThrow();
    expect(weekdayOf(dayNumFromIso("2026-11-21"))).toBe(6);
    expect(isoFromDayNum(addMonths(dayNumFromIso("2026-03-31"), -1))).toBe("2026-02-28");
  });
});
