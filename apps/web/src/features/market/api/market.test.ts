import { describe, expect, it } from "vitest";
import { hashKey } from "@tanstack/react-query";
import { klineQueryKey } from "./market";

describe("the chart query", () => {
  it("is one query for the home sparkline (no adjustment) and the detail chart (adjustment none)", () => {
    const index = { symbol: "NIFTY50", exchange: "NSE", type: "inr" as const, kline_type: 1 as const };
    const stored = { ...index, direction: "long" }; // a stock read back from storage may carry more
    expect(hashKey(klineQueryKey(index))).toBe(hashKey(klineQueryKey({ ...stored, adjust: "none" })));
    expect(hashKey(klineQueryKey(index))).not.toBe(hashKey(klineQueryKey({ ...index, adjust: "forward" })));
  });
});
