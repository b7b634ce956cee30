import type { FundRecord, OrderPreview, TradeOrder } from "@brokerage/api";
import { DEFAULT_TRADING_CONFIG, money } from "@brokerage/core";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/helper.js";
import { rowsOf } from "../../db/index.js";
import { referenceOf } from "./money.js";
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
  walletOf,
  type Trader,
} from "./testing.js";

/**
 * Fees and stamp duty round UP to the currency's scale through the HTTP layer: the order too small for
 * half-up rounding to charge anything books a fee, the preview shows the very fee booked, and the
 * platform's fees and taxes accounts receive it. Monday 2026-01-05 08:00 UTC: crypto, forex and India trade.
 */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

/** Tuesday 10:30 IST: the T+1 lock of a Monday position in India has lifted. */
const TUESDAY_IST_1030 = "2026-01-06T05:00:00Z";

/** The platform's account of a purpose in a currency, all its shards together. */
async function platformBalance(purpose: "fees" | "taxes", currency: string): Promise<string> {
  const [row] = rowsOf<{ balance: string | null }>(
    await t.database.db.execute(sql`
      select sum(balance)::text as balance from ledger_accounts
      where user_id is null and purpose = ${purpose} and currency = ${currency}`),
  );
  return money(row?.balance ?? "0").toFixed(2);
}

/** The user's records of one order, as [type, account, amount], oldest first. */
const recordsOf = async (who: Trader, order: TradeOrder, currency: string) =>
  (await fundRecords(t, who, currency))
    .filter((r: FundRecord) => r.reference === referenceOf(order.id))
    .map((r) => [r.type, r.account, r.amount]);

/** Previews the order, places it, and checks the two agree on every amount; answers both. */
async function previewThenPlace(who: Trader, draft: Record<string, unknown>) {
  const previewed = await trade(t, who, "preview", draft);
  expect(previewed, JSON.stringify(previewed)).toMatchObject({ status: 1 });
  const preview = previewed.data as OrderPreview;
  const order = await placeOk(t, who, draft);
  expect({ margin: order.margin, fee: order.openFee }).toEqual({ margin: preview.margin, fee: preview.fee });
  return { preview, order };
}

describe("a 1 USD crypto market order (default terms: 0.1%, no minimum)", () => {
  it("books a fee of 0.01, the one the preview showed, on opening and on closing", async () => {
    board.set("DOGEUSD", "1.00000");
    const who = await trader(t, { currency: "USD", amount: "10.00" });
    const draft = { symbol: "DOGEUSD", direction: "long", priceType: "market", quantity: "1", leverage: 1 };
    const feesBefore = await platformBalance("fees", "USD");

    // 1 lot at 1.00: 0.1% is 0.001, charged 0.01 (half-up would have charged nothing).
    const { preview, order } = await previewThenPlace(who, draft);
    expect(preview).toMatchObject({ notional: "1.00", margin: "1.00", fee: "0.01", total: "1.01" });
    expect(await recordsOf(who, order, "USD")).toEqual([
      ["tradeMargin", "available", "-1.00"],
      ["tradeMargin", "margin", "1.00"],
      ["fee", "available", "-0.01"],
    ]);

    // The second order of an account goes to the database in one statement (order_place_together): the
    // same fee, passed in as computed.
    const second = await previewThenPlace(who, draft);
    expect(second.order.openFee).toBe("0.01");
    expect(await recordsOf(who, second.order, "USD")).toContainEqual(["fee", "available", "-0.01"]);

    const closed = await trade(t, who, "closePosition", { positionId: order.id, idempotencyKey: newKey() });
    expect(closed).toMatchObject({
      status: 1,
      data: { closeFee: "0.01", stampDuty: "0.00", pnlGross: "0.00", pnl: "-0.02" },
    });
    // 10.00 − 2 × 1.01 + 1.00 − 0.01.
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "8.97", margin: "1" });
    expect(
      money(await platformBalance("fees", "USD"))
        .minus(feesBefore)
        .toFixed(2),
    ).toBe("0.03");
  });

  it("books the market's configured minimum instead, the preview showing it", async () => {
    board.set("DOGEUSD", "1.00000");
    await setSetting(t, "trading.CRYPTO", { ...DEFAULT_TRADING_CONFIG.CRYPTO, minFee: "0.50" });
    try {
      const who = await trader(t, { currency: "USD", amount: "10.00" });
      const draft = { symbol: "DOGEUSD", direction: "long", priceType: "market", quantity: "1", leverage: 1 };
      const { preview, order } = await previewThenPlace(who, draft);
      expect(preview).toMatchObject({ fee: "0.50", total: "1.50" });
      expect(await recordsOf(who, order, "USD")).toContainEqual(["fee", "available", "-0.50"]);
      const closed = await trade(t, who, "closePosition", { positionId: order.id, idempotencyKey: newKey() });
      expect(closed).toMatchObject({ status: 1, data: { closeFee: "0.50" } });
      expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "9" });
    } finally {
      await clearSetting(t, "trading.CRYPTO");
    }
  });
});

describe("a tiny forex order (default terms: 0.01%, no minimum)", () => {
  it("books a fee of 0.01 on 48.83 USD of EURUSD, as previewed", async () => {
    board.set("EURUSD", "1.08500");
    const who = await trader(t, { currency: "USD", amount: "100.00" });
    // 45 units at 1.085: notional 48.825 (shown 48.83); 0.01% is 0.0048825, charged 0.01.
    const draft = { symbol: "EURUSD", direction: "long", priceType: "market", quantity: "45", leverage: 1 };
    const { preview, order } = await previewThenPlace(who, draft);
    expect(preview).toMatchObject({ notional: "48.83", margin: "48.83", fee: "0.01", total: "48.84" });
    expect(await recordsOf(who, order, "USD")).toContainEqual(["fee", "available", "-0.01"]);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "51.16" });
  });
});

describe("an order in India: the preview lists every component, and the ledger books exactly them", () => {
  const line = (id: string, kind: string, amount: string) => ({ id, kind, amount });

  it("one share at ₹4.00 bought and sold: commission, NSE, SEBI, STT, stamp duty on the buy, GST", async () => {
    board.set("RELIANCE", "4.00");
    const who = await trader(t, { currency: "INR", amount: "100.00" });
    const draft = { symbol: "RELIANCE", direction: "long", priceType: "market", quantity: "1", leverage: 1 };
    // The purchase of ₹4.00: the ₹20 minimum (0.03% is ₹0.0012); NSE, SEBI, STT and stamp duty each round
    // up to ₹0.01; GST 18% of 20.00 + 0.01 + 0.01 = 3.6036 → 3.61. Fees 20.02, taxes 3.63.
    const taxesBefore = await platformBalance("taxes", "INR");
    const { preview, order } = await previewThenPlace(who, draft);
    const opening = [
      line("commission", "commission", "20.00"),
      line("exchangeFee", "exchangeFee", "0.01"),
      line("sebiFee", "regulatorFee", "0.01"),
      line("stt", "transactionTax", "0.01"),
      line("stampDuty", "stampDuty", "0.01"),
      line("gst", "vat", "3.61"),
    ];
    // The sale closing it at this price: the same but the buyer's stamp duty.
    const closing = opening.filter((l) => l.id !== "stampDuty");
    expect(preview).toMatchObject({ margin: "4.00", fee: "23.65", total: "27.65" });
    expect(preview.charges).toEqual(opening);
    expect(preview.closeCharges).toEqual(closing);
    expect(order.openCharges).toEqual(opening);
    // Booked: the fees to the platform's fees account, the taxes to its taxes account, summing to the fee.
    expect(await recordsOf(who, order, "INR")).toEqual([
      ["tradeMargin", "available", "-4.00"],
      ["tradeMargin", "margin", "4.00"],
      ["fee", "available", "-20.02"],
      ["stampDuty", "available", "-3.63"],
    ]);
    expect(
      money(await platformBalance("taxes", "INR"))
        .minus(taxesBefore)
        .toFixed(2),
    ).toBe("3.63");

    t.clock.set(TUESDAY_IST_1030);
    const closed = await trade(t, who, "closePosition", { positionId: order.id, idempotencyKey: newKey() });
    expect(closed).toMatchObject({
      status: 1,
      data: { closeFee: "20.02", stampDuty: "3.62", pnlGross: "0.00", pnl: "-47.29" },
    });
    expect((closed.data as TradeOrder).closeCharges).toEqual(closing);
    expect((await recordsOf(who, order, "INR")).slice(-2)).toEqual([
      ["fee", "available", "-20.02"],
      ["stampDuty", "available", "-3.62"],
    ]);
    // 100 − 27.65 + 4 − 20.02 − 3.62.
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "52.71", margin: "0" });
    expect(
      money(await platformBalance("taxes", "INR"))
        .minus(taxesBefore)
        .toFixed(2),
    ).toBe("7.25");
  });
});

describe("an order in Malaysia: stamp duty RM1 per RM1,000 or part, capped, and the clearing fee, on the buy too", () => {
  it("1,000 shares at RM2.35: commission RM8, clearing 0.71, stamp duty RM3 for 2,350.00", async () => {
    board.set("1155", "2.35");
    const who = await trader(t, { currency: "MYR", amount: "5000.00" });
    const draft = { symbol: "1155", direction: "long", priceType: "market", quantity: "1000", leverage: 1 };
    const { preview, order } = await previewThenPlace(who, draft);
    expect(preview.charges).toEqual([
      { id: "commission", kind: "commission", amount: "8.00" },
      { id: "clearingFee", kind: "clearingFee", amount: "0.71" },
      { id: "stampDuty", kind: "stampDuty", amount: "3.00" },
    ]);
    expect(preview).toMatchObject({ fee: "11.71", total: "2361.71" });
    expect(await recordsOf(who, order, "MYR")).toEqual([
      ["tradeMargin", "available", "-2350.00"],
      ["tradeMargin", "margin", "2350.00"],
      ["fee", "available", "-8.71"],
      ["stampDuty", "available", "-3.00"],
    ]);
  });

  it("a contract of RM1,001,000 pays the RM1,000 cap, not RM1,001", async () => {
    board.set("1155", "10.01");
    const who = await trader(t, { currency: "MYR", amount: "1100000.00" });
    const draft = { symbol: "1155", direction: "long", priceType: "market", quantity: "100000", leverage: 1 };
    // 100,000 × 10.01 = 1,001,000: commission 0.1% 1,001.00; clearing 300.30; stamp duty 1,001 blocks begun,
    // capped at RM1,000.
    const { preview } = await previewThenPlace(who, draft);
    expect(preview.charges).toEqual([
      { id: "commission", kind: "commission", amount: "1001.00" },
      { id: "clearingFee", kind: "clearingFee", amount: "300.30" },
      { id: "stampDuty", kind: "stampDuty", amount: "1000.00" },
    ]);
    expect(preview.fee).toBe("2301.30");
  });
});
