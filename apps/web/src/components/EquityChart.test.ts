import { TickMarkType, type UTCTimestamp } from "lightweight-charts";
import { describe, expect, it } from "vitest";
import { dayTicks } from "./EquityChart";

describe("the equity chart's time axis", () => {
  it("writes a day's tick with its month, for every form the library gives a day in", () => {
    const ticks = dayTicks("en-US");
    expect(ticks("2026-12-03", TickMarkType.DayOfMonth)).toBe("Dec 3");
    expect(ticks({ year: 2026, month: 12, day: 31 }, TickMarkType.DayOfMonth)).toBe("Dec 31");
    // A calendar day is never shifted by the reader's zone: midnight UTC of 1 January stays 1 January.
    expect(ticks((Date.UTC(2027, 0, 1) / 1000) as UTCTimestamp, TickMarkType.DayOfMonth)).toBe("Jan 1");
  });

  it("leaves months and years to the library", () => {
    expect(dayTicks("en-US")("2026-12-01", TickMarkType.Month)).toBeNull();
    expect(dayTicks("en-US")("2027-01-01", TickMarkType.Year)).toBeNull();
  });
});
