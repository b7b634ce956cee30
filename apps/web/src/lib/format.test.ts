import { describe, expect, it } from "vitest";
import { formatDateTime, formatZoneOffset } from "./format";

describe("times with their zone", () => {
  it("names the device's zone after the spec's date format", () => {
    const at = new Date(2026, 11, 2, 14, 30, 5);
    expect(formatDateTime(at)).toBe(`2026.12.02 14:30:05 ${formatZoneOffset(undefined, at)}`);
    expect(formatDateTime(at)).toMatch(
      /^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}:\d{2} (UTC|GMT[+-]\d{1,2}(:\d{2})?)$/,
    );
  });

  it("names a zone by its offset at that instant, daylight saving included", () => {
    expect(formatZoneOffset("Asia/Kolkata")).toBe("GMT+5:30");
    expect(formatZoneOffset("UTC")).toBe("UTC");
    expect(formatZoneOffset("America/New_York", new Date("2026-01-15T12:00:00Z"))).toBe("GMT-5");
    expect(formatZoneOffset("America/New_York", new Date("2026-07-15T12:00:00Z"))).toBe("GMT-4");
  });

  it("shows a dash for an invalid instant rather than NaN", () => {
    expect(formatDateTime(new Date(""))).toBe("—");
  });
});
