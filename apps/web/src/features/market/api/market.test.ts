import { describe, expect, it } from "vitest";
import { hashKey } from "@tanstack/react-query";
import { SPARKLINE_POINTS, klineQueryKey, klineRequest } from "./market";

describe("the chart query", () => {
  const index = { symbol: "NIFTY50", exchange: "NSE", type: "inr" as const, kline_type: 1 as const };

  it("is one query for the same candles however the request is spelled", () => {
    const stored = { ...index, direction: "long" }; // a stock read back from storage may carry more
    expect(hashKey(klineQueryKey(index))).toBe(hashKey(klineQueryKey({ ...stored, adjust: "none" })));
    expect(hashKey(klineQueryKey(index))).not.toBe(hashKey(klineQueryKey({ ...index, adjust: "forward" })));
  });

  it("keeps the sparkline's thinned request apart from the detail chart's full one", () => {
    const sparkline = { ...index, points: SPARKLINE_POINTS };
    expect(hashKey(klineQueryKey(sparkline))).not.toBe(hashKey(klineQueryKey(index)));
    expect(klineRequest(sparkline)).toEqual({ ...index, adjust: "none", points: 48 });
    expect(klineRequest(index)).not.toHaveProperty("points");
  });
});
