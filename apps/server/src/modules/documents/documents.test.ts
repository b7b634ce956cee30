import type { FundRecord, TaxReport, TradeOrder } from "@brokerage/api";
import { adjustment, money } from "@brokerage/core";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, type TestApp } from "../../../test/helper.js";
import { MINUTE } from "../../lib/clock.js";
import { bookFor, parseCsv } from "../records/testing.js";
import {
  PriceBoard,
  clearSetting,
  fundRecords,
  newKey,
  placeOk,
  setSetting,
  setUpTradingApp,
  trade,
  trader,
  withCryptoTerms,
  type Trader,
} from "../trading/testing.js";

/**
 * Contract notes and the tax report over the API, against the ledger: a note's charges are the fee and tax
 * postings of its fill; the report's realised P&L is the closed positions' net P&L (their fund records).
 */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

/** Tuesday 10:30 IST: the T+1 lock of a Monday position has lifted. */
const TUESDAY_IST_1030 = "2026-01-06T05:00:00Z";

async function post(path: string, who: Trader | null, body: unknown) {
  const response = await t.app.inject({
    method: "POST",
    url: `/api/vue/${path}`,
    payload: body as Record<string, unknown>,
    headers: who?.session.headers ?? {},
  });
  // Markup without the whitespace between tags, so rows read as one line.
  const text = response.body.replace(/>\s+</g, "><").replace(/>\s+/g, ">").replace(/\s+</g, "<");
  return { status: response.statusCode, headers: response.headers, text };
}

const note = (who: Trader, orderId: string, extra: Record<string, unknown> = {}) =>
  post("trade/contractNote", who, { orderId, ...extra });

/** The amount in the row of the note's table whose first cell is `label`, per trade, in order. */
function rowAmounts(document: string, label: string): string[] {
  const pattern = new RegExp(`<tr[^>]*><td>${label}</td><td class="num">(-?[0-9.]+)</td></tr>`, "g");
  return [...document.matchAll(pattern)].map((m) => m[1] ?? "");
}

/** What the ledger took from the user as charges at an instant: −(fee + stampDuty records). */
function bookedCharges(records: FundRecord[], at: string | null): string {
  return records
    .filter((r) => r.createdAt === at && (r.type === "fee" || r.type === "stampDuty"))
    .reduce((sum, r) => sum.minus(r.amount), money(0))
    .toFixed(2);
}

const sum = (records: FundRecord[]) => records.reduce((s, r) => s.plus(r.amount), money(0)).toFixed(2);

describe("trade/contractNote", () => {
  it("states each fill with every charge component, equal to the ledger's postings of that fill", async () => {
    board.set("RELIANCE", "1000.00");
    const who = await trader(t, { currency: "INR", amount: "10000.00" });
    const opened = await placeOk(t, who, {
      symbol: "RELIANCE",
      direction: "long",
      priceType: "market",
      quantity: "10",
      leverage: 5,
    });
    // Within seconds of the fill: the note of the open position has its opening trade.
    const first = await note(who, opened.id);
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(String(first.headers["content-security-policy"])).toMatch(/^default-src 'none';/);
    expect(first.text).toContain(`${opened.orderNo}-1`);
    expect(first.text).not.toContain(`${opened.orderNo}-2`);

    t.clock.set(TUESDAY_IST_1030);
    board.set("RELIANCE", "1100.00");
    const closed = await trade(t, who, "closePosition", { positionId: opened.id, idempotencyKey: newKey() });
    expect(closed).toMatchObject({ status: 1 });
    const position = closed.data as TradeOrder;

    const answer = await note(who, opened.id);
    expect(answer.status).toBe(200);
    const document = answer.text;
    expect(document).toContain(`${opened.orderNo}-2`);
    // Times in the exchange's zone: 13:30 and 10:30 in Asia/Kolkata.
    expect(document).toContain("Trade time (Asia/Kolkata, exchange time)");
    expect(document).toContain("2026-01-05 13:30:00");
    expect(document).toContain("2026-01-06 10:30:00");
    // Every component the order keeps, by its name, with its amount.
    for (const line of [...(position.openCharges ?? []), ...(position.closeCharges ?? [])])
      expect(document).toMatch(
        new RegExp(`<td>[^<]+</td><td class="num">${line.amount.replace(".", "\\.")}</td>`),
      );

    // The note's charges per trade are what the ledger booked at each fill.
    const records = await fundRecords(t, who, "INR");
    const totals = rowAmounts(document, "Total charges");
    expect(totals).toEqual([
      bookedCharges(records, position.openedAt),
      bookedCharges(records, position.closedAt),
    ]);
    expect(totals).toEqual(["35.47", "35.02"]);
    expect(rowAmounts(document, "Value plus charges")).toEqual(["10035.47"]);
    expect(rowAmounts(document, "Value less charges")).toEqual(["10964.98"]);
    expect(document.match(/data-reconciled="true"/g)).toHaveLength(2);
    expect(document).not.toContain('data-reconciled="false"');
    // Without a registration configured, the note says so.
    expect(document).toContain("No registration is configured");
  });

  it("writes the configured registration escaped, and in the language asked", async () => {
    await withCryptoTerms(t, { lockMinutes: 0, liquidationShare: "0.8" }, async () => {
      board.set("BTCUSD", "100.00");
      const who = await trader(t, { currency: "USD", amount: "1000.00" });
      const opened = await placeOk(t, who, {
        symbol: "BTCUSD",
        direction: "short",
        priceType: "market",
        quantity: "1",
        leverage: 1,
      });
      await setSetting(t, "platform.registration", `<script>alert("x")</script> & Co's "Ltd"\nLicence 42`);
      try {
        const answer = await note(who, opened.id, { language: "zh-TW" });
        expect(answer.status).toBe(200);
        expect(answer.text).toContain(
          "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co&#39;s &quot;Ltd&quot;",
        );
        expect(answer.text).not.toContain("<script");
        expect(answer.text).toContain('<html lang="zh-TW">');
        expect(answer.text).toContain("成交單");
        // A short opens with a sale.
        expect(answer.text).toContain("<dd>賣出</dd>");
      } finally {
        await clearSetting(t, "platform.registration");
      }
    });
  });

  it("refuses another user's order, an unknown one, an unfilled one and a malformed body", async () => {
    board.set("RELIANCE", "1000.00");
    const owner = await trader(t, { currency: "INR", amount: "10000.00" });
    const other = await trader(t, { currency: "INR", amount: "10000.00" });
    const opened = await placeOk(t, owner, {
      symbol: "RELIANCE",
      direction: "long",
      priceType: "market",
      quantity: "1",
      leverage: 1,
    });
    const envelope = (text: string) => JSON.parse(text) as { status: number; code: string };
    expect(envelope((await note(other, opened.id)).text)).toMatchObject({ status: 0, code: "NOT_FOUND" });
    expect(envelope((await note(owner, randomUUID())).text)).toMatchObject({ status: 0, code: "NOT_FOUND" });
    expect(envelope((await note(owner, "not-an-id")).text)).toMatchObject({ code: "INVALID_INPUT" });
    expect(envelope((await note(owner, opened.id, { language: "xx" })).text)).toMatchObject({
      code: "INVALID_INPUT",
    });
    expect((await post("trade/contractNote", null, { orderId: opened.id })).status).toBe(401);

    // A limit order far below the price waits: no fill, no note.
    const waiting = await placeOk(t, owner, {
      symbol: "RELIANCE",
      direction: "long",
      priceType: "limit",
      price: "950.00",
      quantity: "1",
      leverage: 1,
    });
    expect(envelope((await note(owner, waiting.id)).text)).toMatchObject({
      code: "CONTRACT_NOTE_UNFILLED",
    });
  });

  it("answers the same note to concurrent requests, and while the position closes", async () => {
    await withCryptoTerms(t, { lockMinutes: 0, liquidationShare: "0.8" }, async () => {
      board.set("BTCUSD", "100.00");
      const who = await trader(t, { currency: "USD", amount: "1000.00" });
      const opened = await placeOk(t, who, {
        symbol: "BTCUSD",
        direction: "long",
        priceType: "market",
        quantity: "2",
        leverage: 1,
      });
      const [a, b, closing] = await Promise.all([
        note(who, opened.id),
        note(who, opened.id),
        trade(t, who, "closePosition", { positionId: opened.id, idempotencyKey: newKey() }),
      ]);
      expect(closing).toMatchObject({ status: 1 });
      for (const answer of [a, b]) {
        expect(answer.status).toBe(200);
        // Each note is one snapshot: reconciled whether it saw the close or not.
        expect(answer.text).not.toContain('data-reconciled="false"');
      }
      const after = await note(who, opened.id);
      expect(after.text.match(/data-reconciled="true"/g)).toHaveLength(2);
    });
  });
});

describe("fund/taxReport", () => {
  const report = async (who: Trader, body: Record<string, unknown>) => {
    const answer = await call(t.app, "fund/taxReport", body, who.session.headers);
    expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
    return answer.data as TaxReport;
  };

  it("matches closes first in, first out, and nets to the closed positions' net P&L and fund records", async () => {
    await withCryptoTerms(t, { lockMinutes: 0, liquidationShare: "0.8" }, async () => {
      const who = await trader(t, { currency: "USD", amount: "5000.00" });
      const place = (symbol: string, direction: "long" | "short", quantity: string, leverage = 1) =>
        placeOk(t, who, { symbol, direction, priceType: "market", quantity, leverage });
      const close = async (order: TradeOrder) => {
        const closed = await trade(t, who, "closePosition", {
          positionId: order.id,
          idempotencyKey: newKey(),
        });
        expect(closed, JSON.stringify(closed)).toMatchObject({ status: 1 });
        return closed.data as TradeOrder;
      };
      // Two lots of ETH, 1 at 100.33 then 2 at 120.17; the newer is closed first, at 130.01.
      board.set("ETHUSD", "100.33");
      const older = await place("ETHUSD", "long", "1");
      t.clock.advance(MINUTE);
      board.set("ETHUSD", "120.17");
      const newer = await place("ETHUSD", "long", "2");
      t.clock.advance(MINUTE);
      board.set("ETHUSD", "130.01");
      await close(newer);
      t.clock.advance(MINUTE);
      board.set("ETHUSD", "125.55");
      await close(older);
      // A short, and a 10× long that loses beyond its margin (negative balance protection).
      board.set("SOLUSD", "200.00");
      const short = await place("SOLUSD", "short", "3");
      board.set("BTCUSD", "100.00");
      const geared = await place("BTCUSD", "long", "1", 10);
      t.clock.advance(MINUTE);
      board.set("SOLUSD", "190.07");
      await close(short);
      board.set("BTCUSD", "85.00");
      const protectedClose = await close(geared);
      expect(protectedClose.protection).not.toBe("0.00");

      const got = await report(who, { year: 2026, currency: "USD" });
      // FIFO: the close of the newer position (2 at 130.01) takes the older lot (1) whole and 1 of the newer.
      expect(got.lots.map((l) => [l.symbol, l.direction, l.openOrderNo, l.closeOrderNo, l.quantity])).toEqual(
        [
          ["ETHUSD", "long", older.orderNo, newer.orderNo, "1"],
          ["ETHUSD", "long", newer.orderNo, newer.orderNo, "1"],
          ["ETHUSD", "long", newer.orderNo, older.orderNo, "1"],
          ["SOLUSD", "short", short.orderNo, short.orderNo, "3"],
          ["BTCUSD", "long", geared.orderNo, geared.orderNo, "1"],
        ],
      );
      // The first lot: bought for 100.33, sold for half of the 260.02 the close brought in.
      expect(got.lots[0]).toMatchObject({ costBasis: "100.33", proceeds: "130.01" });
      // A short's proceeds are its sale (3 × 200.00), its cost the buy-back.
      expect(got.lots[3]).toMatchObject({ proceeds: "600.00", costBasis: "570.21" });

      const finished = (await trade(t, who, "orders", { tab: "finished" })).data as {
        items: TradeOrder[];
      };
      const closedPositions = finished.items.filter((p) => p.state === "closed");
      expect(closedPositions).toHaveLength(4);
      const positionsNet = closedPositions.reduce((s, p) => s.plus(p.pnl ?? 0), money(0)).toFixed(2);
      expect(got.positions).toEqual({ count: 4, net: positionsNet });
      expect(got.totals.net).toBe(positionsNet);
      // And the ledger: the trades' fund records (everything but the deposit) add up to the same.
      const records = (await fundRecords(t, who, "USD")).filter((r) => r.type !== "deposit");
      expect(sum(records)).toBe(got.totals.net);
      expect(
        money(got.totals.proceeds)
          .minus(got.totals.costBasis)
          .minus(got.totals.costs)
          .plus(got.totals.protection)
          .toFixed(2),
      ).toBe(got.totals.net);

      // The same report as CSV and as a document.
      const csv = await post("fund/taxReportFile", who, { year: 2026, currency: "USD", format: "csv" });
      expect(csv.status).toBe(200);
      expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
      const rows = parseCsv(csv.text);
      expect(rows[0]).toEqual([
        "Instrument",
        "Direction",
        "Opened",
        "Closed",
        "Quantity",
        "Proceeds",
        "Cost basis",
        "Costs",
        "Protection",
        "Net",
      ]);
      expect(rows).toHaveLength(1 + 5 + 2);
      expect(rows[6]?.[0]).toBe("Totals");
      expect(rows[6]?.[9]).toBe(got.totals.net);
      const documentAnswer = await post("fund/taxReportFile", who, {
        year: 2026,
        currency: "USD",
        format: "html",
        language: "ko",
      });
      expect(documentAnswer.status).toBe(200);
      expect(documentAnswer.text).toContain("2026년 실현 손익 (USD), 선입선출");
      expect(documentAnswer.text).toContain(got.totals.net);

      // Another year, and another user, have none of it.
      expect(await report(who, { year: 2025, currency: "USD" })).toMatchObject({
        lots: [],
        positions: { count: 0, net: "0.00" },
      });
      const other = await trader(t);
      expect((await report(other, { year: 2026, currency: "USD" })).lots).toEqual([]);
    });
  });

  it("leaves a lot still open out, and refuses a malformed body", async () => {
    const who = await trader(t, { currency: "INR", amount: "10000.00" });
    board.set("RELIANCE", "1000.00");
    await placeOk(t, who, {
      symbol: "RELIANCE",
      direction: "long",
      priceType: "market",
      quantity: "1",
      leverage: 1,
    });
    expect(await report(who, { year: 2026, currency: "INR" })).toMatchObject({
      lots: [],
      totals: { net: "0.00" },
      positions: { count: 0 },
    });
    for (const body of [
      { year: 1999, currency: "INR" },
      { year: "2026", currency: "INR" },
      { year: 2026, currency: "XYZ" },
      { year: 2026 },
      { year: 2026, currency: "INR", timeZone: "Mars/Base" },
    ])
      expect(await call(t.app, "fund/taxReport", body, who.session.headers)).toMatchObject({
        status: 0,
        code: "INVALID_INPUT",
      });
    const badFormat = await post("fund/taxReportFile", who, { year: 2026, currency: "INR", format: "pdf" });
    expect(JSON.parse(badFormat.text)).toMatchObject({ code: "INVALID_INPUT" });
  });
});

describe("fund/statementDocument", () => {
  it("is the statement as a document, staff-typed reasons escaped", async () => {
    const who = await trader(t, { currency: "USD", amount: "250.00" });
    await bookFor(
      t.database.db,
      who.userId,
      adjustment("adjustment", who.userId, "USD", "-1.25"),
      new Date("2026-01-05T09:00:00Z"),
      { reason: `<img src=x onerror="alert(1)"> & 'fee'` },
    );
    const answer = await post("fund/statementDocument", who, {
      from: "2026-01-01",
      to: "2026-01-31",
      currency: "USD",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.text).toContain("Funds statement 2026-01-01 to 2026-01-31");
    expect(answer.text).toContain("Opening balance");
    expect(answer.text).toMatch(/Closing balance<\/td><td><\/td><td><\/td><td class="num">248\.75</);
    expect(answer.text).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;fee&#39;");
    expect(answer.text).not.toContain("<img");
    const refused = await post("fund/statementDocument", who, { from: "2026-02-01", to: "2026-01-01" });
    expect(JSON.parse(refused.text)).toMatchObject({ code: "DATE_RANGE_INVALID" });
  });
});
