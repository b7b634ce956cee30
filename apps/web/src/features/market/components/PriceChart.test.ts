import { describe, expect, it } from "vitest";
import { formatZoneOffset } from "../../../lib/format";
import { TickMarkType } from "lightweight-charts";
import { chartTime, dailyTick, intradayTick, priceFormatter, themeColors, withAlpha } from "./PriceChart";

const utc = (iso: string) => Date.parse(iso) / 1000;

describe("chart times", () => {
  it("draws an intraday candle at the exchange's wall-clock time, wherever the viewer is", () => {
    // NSE opens 09:15 in Mumbai = 03:45 UTC; the chart reads its UTC timestamps as wall time.
    expect(chartTime(utc("2026-03-02T03:45:00Z"), true, "Asia/Kolkata")).toBe(utc("2026-03-02T09:15:00Z"));
    // New York follows daylight saving: 09:30 is 14:30 UTC in winter and 13:30 UTC in summer.
    expect(chartTime(utc("2026-01-05T14:30:00Z"), true, "America/New_York")).toBe(
      utc("2026-01-05T09:30:00Z"),
    );
    expect(chartTime(utc("2026-07-06T13:30:00Z"), true, "America/New_York")).toBe(
      utc("2026-07-06T09:30:00Z"),
    );
  });

  it("keeps daily candles on their trading date", () => {
    expect(chartTime(utc("2026-03-02T00:00:00Z"), false, "Asia/Seoul")).toBe(utc("2026-03-02T00:00:00Z"));
  });
});

describe("chart prices", () => {
  it("keeps the instrument's own decimals: none for won, five for forex", () => {
    expect(priceFormatter("en", "82200")(82200)).toBe("82,200");
    expect(priceFormatter("en", "1.08345")(1.08345)).toBe("1.08345");
    expect(priceFormatter("en", "51153.28")(51350)).toBe("51,350.00");
  });
});

describe("chart colours", () => {
  it("come from the theme's palette, so rises and falls look the same as everywhere else", () => {
    const root = document.documentElement;
    root.style.setProperty("--rise", "#c8231d");
    root.style.setProperty("--fall", "#077a43");
    try {
      expect(themeColors()).toMatchObject({ rise: "#c8231d", fall: "#077a43" });
      root.style.setProperty("--rise", "#ff0000");
      expect(themeColors().rise).toBe("#ff0000");
    } finally {
      root.style.removeProperty("--rise");
      root.style.removeProperty("--fall");
    }
  });

  it("shade a theme colour for the volume bars and the area fill", () => {
    expect(withAlpha("#c8231d", 0.45)).toBe("rgba(200, 35, 29, 0.45)");
    expect(withAlpha("#fff", 0.5)).toBe("rgba(255, 255, 255, 0.5)");
    expect(withAlpha("rgb(1, 2, 3)", 0.5)).toBe("rgb(1, 2, 3)");
  });
});

describe("intradayTick", () => {
  it("reads an intraday tick as hh:mm of the exchange's clock", () => {
    // 09:15 in Mumbai, shifted by chartTime into UTC's fields.
    const shifted = chartTime(Date.parse("2026-03-02T03:45:00Z") / 1000, true, "Asia/Kolkata");
    expect(intradayTick("en-US")(shifted, TickMarkType.Time)).toBe("09:15");
    expect(intradayTick("en-US")(chartTime(utc("2026-03-02T00:00:00Z"), false, "UTC"))).toBe("00:00");
  });

  it("marks where a day starts with its date on the exchange's calendar, not another 09:15", () => {
    const open = chartTime(utc("2026-03-02T03:45:00Z"), true, "Asia/Kolkata");
    expect(intradayTick("en-US")(open, TickMarkType.DayOfMonth)).toBe("Mar 2");
    expect(intradayTick("ko")(open, TickMarkType.Month)).toBe("3월 2일");
  });
});

describe("dailyTick", () => {
  it("marks a year, a month or a day of daily candles, never a time of day", () => {
    const day = chartTime(utc("2026-03-02T00:00:00Z"), false, "Asia/Kolkata");
    const tick = dailyTick("en-US");
    expect(tick(day, TickMarkType.Year)).toBe("2026");
    expect(tick(day, TickMarkType.Month)).toBe("Mar");
    expect(tick(day, TickMarkType.DayOfMonth)).toBe("2");
  });
});

describe("formatZoneOffset", () => {
  it("names a zone by its offset from UTC, and zero as UTC", () => {
    expect(formatZoneOffset("Asia/Kolkata", new Date("2026-03-02T00:00:00Z"))).toBe("GMT+5:30");
    expect(formatZoneOffset("America/New_York", new Date("2026-07-01T00:00:00Z"))).toBe("GMT-4");
    expect(formatZoneOffset("UTC")).toBe("UTC");
    expect(formatZoneOffset("Not/AZone")).toBe("Not/AZone");
  });
});
