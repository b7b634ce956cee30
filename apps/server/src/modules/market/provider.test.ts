import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, type TestApp } from "../../../test/helper.js";
import { createMarketProvider, CsvLoadError, DEFAULT_MARKET_SEED } from "./provider.js";

const dir = mkdtempSync(join(tmpdir(), "market-csv-"));
const badDir = mkdtempSync(join(tmpdir(), "market-csv-bad-"));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(badDir, { recursive: true, force: true });
});

// Two daily candles of a catalogue stock, and three minutes of a symbol the catalogue does not know.
writeFileSync(
  join(dir, "aapl.csv"),
  [
    "symbol,time,open,high,low,close,volume",
    "AAPL,2026-03-02,240.00,245.00,239.00,244.00,1000",
    "AAPL,2026-03-03,244.00,250.00,243.00,249.50,2000",
  ].join("\n"),
);
writeFileSync(
  join(dir, "coin.csv"),
  [
    "symbol,time,open,high,low,close,volume,turnover",
    "# a comment line",
    "XYZCOIN,2026-03-03T10:00:00Z,10.0,10.5,9.9,10.2,5,51.0",
    "XYZCOIN,2026-03-03T10:01:00Z,10.2,10.4,10.1,10.3,7,72.1",
    "XYZCOIN,2026-03-03T10:02:00Z,10.3,10.3,10.0,10.1,3,30.3",
  ].join("\n"),
);
writeFileSync(join(dir, "notes.txt"), "not a recording");
writeFileSync(
  join(badDir, "broken.csv"),
  [
    "symbol,time,open,high,low,close,volume",
    "AAPL,2026-03-02,240,245,239,244,1000",
    "AAPL,yesterday,1,1,1,1,1",
  ].join("\n"),
);

describe("the market provider", () => {
  it("is the simulator with a fixed seed by default, so every install shows the same prices", () => {
    const a = createMarketProvider({});
    const b = createMarketProvider({ seed: DEFAULT_MARKET_SEED });
    const other = createMarketProvider({ seed: "another" });
    const at = Date.parse("2026-03-02T05:30:00Z");
    expect(a.id).toBe("simulator");
    expect(a.quote("RELIANCE", at)).toEqual(b.quote("RELIANCE", at));
    expect(other.quote("RELIANCE", at)?.close).not.toBe(a.quote("RELIANCE", at)?.close);
  });
});

describe("CSV replay provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ market: { csvDir: dir } });
    t.clock.set("2026-03-03T10:02:30Z");
  });
  afterAll(() => t.close());

  it("serves the recorded symbols, not simulated", async () => {
    expect(t.app.market.id).toBe("replay");
    const quote = await call(t.app, "market/quote", { symbol: "XYZCOIN" });
    expect(quote).toMatchObject({ status: 1, data: { close: "10.1", open: "10.0", simulated: false } });
    const aapl = await call(t.app, "market/quote", { symbol: "AAPL", exchange: "NASDAQ" });
    expect(aapl).toMatchObject({ data: { prev_close: "244.00", close: "249.50", simulated: false } });
    expect(await call(t.app, "market/quote", { symbol: "MSFT" })).toMatchObject({ code: "UNKNOWN_SYMBOL" });
  });

  it("charts the recording", async () => {
    const daily = await call(t.app, "trade/kline", {
      symbol: "AAPL",
      type: "usd",
      exchange: "NASDAQ",
      kline_type: 6,
    });
    expect((daily.data as { close: string }[]).map((c) => c.close)).toEqual(["244.00", "249.50"]);
    const minutes = await call(t.app, "trade/kline", {
      symbol: "XYZCOIN",
      type: "crypto",
      exchange: "CRYPTO",
      kline_type: 1,
    });
    expect(minutes.data).toHaveLength(3);
  });

  it("refuses a folder with a bad line, naming the file and line", () => {
    let error: unknown;
    try {
      createMarketProvider({ csvDir: badDir, seed: "ignored" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CsvLoadError);
    expect((error as CsvLoadError).problems).toEqual([
      { file: "broken.csv", line: 3, message: expect.stringContaining("invalid time") },
    ]);
    expect((error as Error).message).toContain("broken.csv:3");
  });
});
