import { KLINE_TYPES, MARKET_OF_TYPE, MARKET_TYPES } from "@brokerage/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, type TestApp } from "../../../test/helper.js";

interface Quote {
  code: string;
  exchange: string;
  market: string;
  close: string;
  prev_close: string;
  gain: string;
  gainValue: string;
  volume: number;
  timestamp: string;
  status: string;
  simulated: boolean;
  details: { kind: string; board: string | null };
}
interface Candle {
  time: number;
  open: string;
  close: string;
  volume: number;
  turnover: string;
}

// Monday 2026-03-02, 11:00 in Mumbai: NSE trades, New York is shut.
const INDIA_OPEN = "2026-03-02T05:30:00Z";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(INDIA_OPEN);
});
afterAll(() => t.close());

describe("parameter/zhishu", () => {
  it.each(MARKET_TYPES)("answers the benchmarks of market type %s", async (type) => {
    const answer = await call(t.app, "parameter/zhishu", { type });
    expect(answer).toMatchObject({ status: 1 });
    const items = answer.data as { symbol: string; close: string; gain: string; simulated: boolean }[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const quote = await call(t.app, "market/quote", { symbol: item.symbol });
      expect((quote.data as Quote).market).toBe(MARKET_OF_TYPE[type]);
      expect(item).toMatchObject({ close: (quote.data as Quote).close, simulated: true });
      expect(item.gain).toMatch(/^-?\d+\.\d{2}$/);
    }
  });

  it("answers India's indices for the spec's call", async () => {
    const answer = await call(t.app, "parameter/zhishu", { type: "inr" });
    const items = answer.data as { symbol: string; names: Record<string, string> }[];
    expect(items.map((i) => i.symbol)).toEqual(["NIFTY50", "SENSEX", "NIFTYBANK"]);
    expect(items[0]?.names).toMatchObject({ en: "NIFTY 50", ko: expect.stringMatching(/[가-힣]/) });
  });

  it.each(MARKET_TYPES)("fills the home row of %s: at least three items, each with a price", async (type) => {
    const items = (await call(t.app, "parameter/zhishu", { type })).data as { close: string }[];
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const item of items) expect(Number(item.close)).toBeGreaterThan(0);
  });

  it("writes one list per second for every caller, and a new one once the prices move", async () => {
    const service = t.app.marketData;
    const first = service.zhishu("inr");
    expect(service.zhishu("inr")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const text = JSON.stringify(await call(t.app, "parameter/zhishu", { type: "inr" }));
    expect(JSON.stringify(await call(t.app, "parameter/zhishu", { type: "inr" }))).toBe(text);
    t.clock.advance(60_000);
    const later = service.zhishu("inr");
    expect(later).not.toBe(first);
    const moved = await call(t.app, "parameter/zhishu", { type: "inr" });
    expect((moved.data as { timestamp: string }[])[0]?.timestamp).toBe(later[0]?.timestamp);
    expect(later[0]?.timestamp).not.toBe(first[0]?.timestamp);
    t.clock.set(INDIA_OPEN);
  });

  it("refuses an unknown market type", async () => {
    const answer = await call(t.app, "parameter/zhishu", { type: "eur" });
    expect(answer).toMatchObject({ status: 0, code: "INVALID_INPUT", params: { field: "type" } });
  });
});

describe("trade/kline", () => {
  const kline = (body: Record<string, unknown>) =>
    call(t.app, "trade/kline", { symbol: "RELIANCE", type: "inr", exchange: "NSE", ...body });

  it.each(Object.keys(KLINE_TYPES).map(Number))("answers candles for kline_type %i", async (kind) => {
    const answer = await kline({ kline_type: kind });
    expect(answer).toMatchObject({ status: 1 });
    const candles = answer.data as Candle[];
    expect(candles.length).toBeGreaterThan(0);
    expect(candles.length).toBeLessThanOrEqual(kind >= 9 ? 260 : 375);
    const times = candles.map((c) => c.time);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
    expect(times.at(-1)).toBeLessThanOrEqual(Date.parse(INDIA_OPEN) / 1000);
    if (kind >= 2 && kind <= 8) expect(candles).toHaveLength(100);
  });

  it("charts the current session for time-share, ending at the live price", async () => {
    const candles = (await kline({ kline_type: 1 })).data as Candle[];
    const quote = (await call(t.app, "market/quote", { symbol: "RELIANCE" })).data as Quote;
    // 09:15 to 11:00 in Mumbai: 105 minutes, the last one partial.
    expect(candles).toHaveLength(106);
    expect(candles.at(-1)?.close).toBe(quote.close);
    expect(candles[0]?.time).toBe(Date.parse("2026-03-02T03:45:00Z") / 1000);
  });

  it("spans the range periods over daily candles", async () => {
    const month = (await kline({ kline_type: 9 })).data as Candle[];
    const year = (await kline({ kline_type: 12 })).data as Candle[];
    expect(month.length).toBeGreaterThan(15);
    expect(month.length).toBeLessThan(25);
    expect(year.length).toBeGreaterThan(230);
    expect(year.every((c) => c.time % 86_400 === 0)).toBe(true);
  });

  it("adjusts prices across a corporate action when asked", async () => {
    const plain = (await kline({ kline_type: 12, adjust: "none" })).data as Candle[];
    const forward = (await kline({ kline_type: 12, adjust: "forward" })).data as Candle[];
    const backward = (await kline({ kline_type: 12, adjust: "backward" })).data as Candle[];
    expect(forward.map((c) => c.time)).toEqual(plain.map((c) => c.time));
    // Forward adjustment keeps today's prices and rewrites the past; backward keeps the past.
    expect(forward.at(-1)?.close).toBe(plain.at(-1)?.close);
    expect(backward[0]?.close).toBe(plain[0]?.close);
    const differs = (a: Candle[], b: Candle[]) => a.some((c, i) => c.close !== b[i]?.close);
    expect(differs(forward, plain) || differs(backward, plain)).toBe(true);
  });

  it.each([0, 13, 2.5, "x", "day", true, [1], "0x6", "6e0", " 6", "", null])(
    "answers BAD_PERIOD for kline_type %j",
    async (kind) => {
      expect(await kline({ kline_type: kind })).toMatchObject({ status: 0, code: "BAD_PERIOD" });
    },
  );

  it("answers at most `points` candles, the first and last kept, for a sparkline", async () => {
    const all = (await kline({ kline_type: 1 })).data as Candle[];
    const outline = (await kline({ kline_type: 1, points: 48 })).data as Candle[];
    expect(all.length).toBeGreaterThan(48);
    expect(outline).toHaveLength(48);
    expect([outline[0], outline.at(-1)]).toEqual([all[0], all.at(-1)]);
    expect(await kline({ kline_type: 1, points: 1 })).toMatchObject({ code: "INVALID_INPUT" });
  });

  it("reads kline_type sent as a string of decimal digits", async () => {
    expect(await kline({ kline_type: "6" })).toMatchObject({ status: 1 });
  });

  it("answers UNKNOWN_SYMBOL for an unknown symbol and for the wrong exchange", async () => {
    expect(await kline({ symbol: "NOPE", kline_type: 6 })).toMatchObject({
      status: 0,
      code: "UNKNOWN_SYMBOL",
      params: { symbol: "NOPE" },
      msg: "Unknown symbol: NOPE",
    });
    expect(await kline({ exchange: "NASDAQ", kline_type: 6 })).toMatchObject({
      code: "UNKNOWN_SYMBOL",
      params: { symbol: "RELIANCE" },
    });
  });

  it("refuses a bad adjustment", async () => {
    expect(await kline({ kline_type: 6, adjust: "sideways" })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "adjust" },
    });
  });
});

describe("market/quote", () => {
  it("answers a live quote while the market trades and the last close when it is shut", async () => {
    const india = (await call(t.app, "market/quote", { symbol: "RELIANCE", exchange: "NSE" })).data as Quote;
    expect(india).toMatchObject({ code: "RELIANCE", status: "open", timestamp: t.clock.now().toISOString() });
    const us = (await call(t.app, "market/quote", { symbol: "AAPL" })).data as Quote;
    expect(us.status).toBe("closed");
    // The US closed Friday 2026-02-27 at 16:00 New York (21:00 UTC).
    expect(us.timestamp).toBe("2026-02-27T21:00:00.000Z");
  });

  it("quotes an index", async () => {
    const answer = await call(t.app, "market/quote", { symbol: "NIFTY50" });
    expect(answer).toMatchObject({ status: 1, data: { code: "NIFTY50", details: { kind: "index" } } });
  });

  it("answers UNKNOWN_SYMBOL for an unknown symbol or a wrong exchange", async () => {
    expect(await call(t.app, "market/quote", { symbol: "ZZZZ" })).toMatchObject({
      code: "UNKNOWN_SYMBOL",
      params: { symbol: "ZZZZ" },
    });
    expect(await call(t.app, "market/quote", { symbol: "RELIANCE", exchange: "BSE" })).toMatchObject({
      code: "UNKNOWN_SYMBOL",
    });
  });
});

describe("market/quotes", () => {
  it("answers the live part of each quote in one call, as the full quote has it", async () => {
    const answer = await call(t.app, "market/quotes", { symbols: ["RELIANCE", "AAPL", "NIFTY50"] });
    const ticks = answer.data as { symbol: string; close: string; status: string; timestamp: string }[];
    expect(ticks.map((q) => q.symbol)).toEqual(["RELIANCE", "AAPL", "NIFTY50"]);
    const full = (await call(t.app, "market/quote", { symbol: "AAPL" })).data as Quote;
    expect(ticks[1]).toEqual({
      symbol: "AAPL",
      close: full.close,
      gainValue: full.gainValue,
      gain: full.gain,
      volume: full.volume,
      timestamp: full.timestamp,
      status: "closed",
    });
  });

  it("leaves out symbols without a price and answers a symbol asked twice once", async () => {
    const answer = await call(t.app, "market/quotes", { symbols: ["ZZZZ", "BTCUSD", "BTCUSD"] });
    expect((answer.data as { symbol: string }[]).map((q) => q.symbol)).toEqual(["BTCUSD"]);
  });

  it.each([
    {},
    { symbols: [] },
    { symbols: "BTCUSD" },
    { symbols: [7] },
    { symbols: Array(201).fill("BTCUSD") },
  ])("refuses the malformed body %j with INVALID_INPUT", async (body) => {
    expect(await call(t.app, "market/quotes", body)).toMatchObject({ status: 0, code: "INVALID_INPUT" });
  });
});

describe("market/list", () => {
  const list = (body: Record<string, unknown>) => call(t.app, "market/list", body);

  it("pages a market's quotes in code order", async () => {
    const first = (await list({ type: "usd", page: 1, pageSize: 10 })).data as {
      items: Quote[];
      total: number;
    };
    const second = (await list({ type: "usd", page: 2, pageSize: 10 })).data as { items: Quote[] };
    expect(first.total).toBe(37);
    expect(first.items).toHaveLength(10);
    const codes = [...first.items, ...second.items].map((q) => q.code);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(20);
    expect(first.items.every((q) => q.market === "US")).toBe(true);
  });

  it("filters by board", async () => {
    const answer = (await list({ type: "krw", board: "otc" })).data as { items: Quote[]; total: number };
    expect(answer.total).toBe(1);
    expect(answer.items[0]?.details.board).toBe("otc");
  });

  it.each([
    ["crypto", "CRYPTO", 12],
    ["forex", "FX", 14],
  ])("lists %s", async (type, market, total) => {
    const answer = (await list({ type, pageSize: 100 })).data as { items: Quote[]; total: number };
    expect(answer.total).toBe(total);
    expect(answer.items.every((q) => q.market === market)).toBe(true);
  });

  it("refuses a page past the end, a bad page size and a bad board", async () => {
    expect(await list({ type: "usd", page: 5, pageSize: 10 })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "page", max: "4" },
    });
    expect(await list({ type: "usd", page: 0 })).toMatchObject({ params: { field: "page" } });
    expect(await list({ type: "usd", pageSize: 101 })).toMatchObject({ params: { field: "pageSize" } });
    expect(await list({ type: "usd", board: "dark" })).toMatchObject({ params: { field: "board" } });
  });

  it.each([["0x10"], [true], [[1]], ["1.0"], ["1e1"], [" 2"], [""]])(
    "reads only numbers and decimal digit strings as a page: refuses %j",
    async (page) => {
      expect(await list({ type: "usd", page })).toMatchObject({
        status: 0,
        code: "INVALID_INPUT",
        params: { field: "page" },
      });
    },
  );

  it("reads a page and a page size sent as decimal digit strings", async () => {
    const answer = await list({ type: "usd", page: "2", pageSize: "10" });
    expect(answer).toMatchObject({ status: 1, data: { page: 2, pageSize: 10 } });
  });
});

describe("market/rankings", () => {
  it("ranks gainers, losers and the most traded", async () => {
    const rank = async (kind: string) =>
      (await call(t.app, "market/rankings", { type: "inr", kind, limit: 5 })).data as Quote[];
    const gainers = await rank("gainers");
    const losers = await rank("losers");
    const volume = await rank("volume");
    expect(gainers.length + losers.length).toBeGreaterThan(0);
    expect(gainers.every((q) => Number(q.gain) > 0)).toBe(true);
    expect(losers.every((q) => Number(q.gain) < 0)).toBe(true);
    expect(gainers.map((q) => Number(q.gain))).toEqual(
      gainers.map((q) => Number(q.gain)).sort((a, b) => b - a),
    );
    expect(volume).toHaveLength(5);
    expect(volume.map((q) => q.volume)).toEqual(volume.map((q) => q.volume).sort((a, b) => b - a));
  });

  it("refuses an unknown kind", async () => {
    expect(await call(t.app, "market/rankings", { type: "inr", kind: "best" })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "kind" },
    });
  });
});

describe("OpenAPI", () => {
  it("documents the market calls and the chart periods", async () => {
    const doc = (await t.app.inject({ url: "/api/docs/openapi.json" })).json() as {
      paths: Record<string, unknown>;
    };
    for (const path of ["/api/vue/parameter/zhishu", "/api/vue/trade/kline", "/api/vue/watchlist/add"]) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(JSON.stringify(doc.paths["/api/vue/trade/kline"])).toContain("1 time-share");
  });
});
