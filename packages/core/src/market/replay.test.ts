import { describe, expect, it } from "vitest";
import { candlesFromRecords } from "./csv.js";
import { ReplayProvider } from "./replay.js";

const minute = (iso: string, o: number, h: number, l: number, c: number, v: number) =>
  `AAPL,${iso},${o.toFixed(2)},${h.toFixed(2)},${l.toFixed(2)},${c.toFixed(2)},${v}`;
const LINES = [
  "symbol,time,open,high,low,close,volume",
  minute("2026-03-03T20:59:00Z", 200, 204, 199, 203, 1000),
  minute("2026-03-04T14:30:00Z", 203, 205, 202, 204, 100),
  minute("2026-03-04T14:31:00Z", 204, 206, 203.5, 205.5, 200),
  minute("2026-03-04T14:32:00Z", 205.5, 205.5, 201, 202, 300),
  minute("2026-03-04T14:35:00Z", 202, 203, 201.5, 202.5, 50),
  "MYCOIN,2026-03-04,1.00,1.20,0.90,1.10,5000",
];

describe("replay provider", () => {
  const { rows, errors } = candlesFromRecords(
    LINES.map((line, i) => ({ line: i + 1, fields: line.split(",") })),
  );
  const replay = new ReplayProvider(rows);

  it("serves quotes from the recorded candles up to the request instant", () => {
    expect(errors).toEqual([]);
    const q = replay.quote("AAPL", Date.parse("2026-03-04T14:32:30Z"));
    expect(q).toMatchObject({
      code: "AAPL",
      exchange: "NASDAQ",
      simulated: false,
      close: "202.00",
      prev_close: "203.00",
      open: "203.00",
      high: "206.00",
      low: "201.00",
      volume: 600,
      gainValue: "-1.00",
      gain: "-0.49",
      tradingDay: "2026-03-04",
      status: "open",
    });
    expect(q?.week52High).toBe("206.00");
    expect(q?.week52Low).toBe("199.00");
    expect(q?.details.ko_name).toBe("애플");
    expect(replay.quote("AAPL", Date.parse("2026-03-01T00:00:00Z"))).toBeUndefined();
    expect(replay.quote("NOPE", Date.parse("2026-03-04T15:00:00Z"))).toBeUndefined();
  });

  it("serves charts aggregated from the recording", () => {
    const at = Date.parse("2026-03-04T20:00:00Z");
    const fives = replay.candles("AAPL", "5min", { at, from: Date.parse("2026-03-04T00:00:00Z") }) ?? [];
    expect(fives.map((c) => [c.time, c.open, c.high, c.low, c.close, c.volume])).toEqual([
      [Date.parse("2026-03-04T14:30:00Z") / 1000, "203.00", "206.00", "201.00", "202.00", 600],
      [Date.parse("2026-03-04T14:35:00Z") / 1000, "202.00", "203.00", "201.50", "202.50", 50],
    ]);
    const days = replay.candles("AAPL", "day", { at }) ?? [];
    expect(days.map((d) => [d.time, d.open, d.close, d.volume])).toEqual([
      [Date.parse("2026-03-03T00:00:00Z") / 1000, "200.00", "203.00", 1000],
      [Date.parse("2026-03-04T00:00:00Z") / 1000, "203.00", "202.50", 650],
    ]);
    expect(replay.candles("AAPL", "week", { at })).toHaveLength(1);
    expect(replay.candles("MYCOIN", "1min", { at })).toEqual([]);
    expect(replay.listing("MYCOIN")).toMatchObject({ exchange: "CRYPTO", kind: "crypto" });
  });

  it("replays shifted in time", () => {
    const shifted = new ReplayProvider(rows, { shiftMs: 7 * 86_400_000 });
    const q = shifted.quote("AAPL", Date.parse("2026-03-11T14:32:30Z"));
    expect(q?.close).toBe("202.00");
    expect(q?.timestamp).toBe("2026-03-11T14:32:00.000Z");
  });
});
