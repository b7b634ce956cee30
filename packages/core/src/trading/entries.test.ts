import { describe, expect, it } from "vitest";
import { LedgerModel, credit, platformAccount, userAccount, type EntryDraft } from "../ledger/index.js";
import { scaleOf } from "../money.js";
import type { ChargeComponent, ChargeSide } from "./charges.js";
import { closeEntries, fillEntries, holdEntries, openEntries, releaseEntries } from "./entries.js";
import { DEFAULT_TRADING_CONFIG } from "./config.js";
import { orderCost, settlement, type PositionTerms } from "./maths.js";

/** Books every entry, failing the test if the ledger refuses one (a user balance below zero). */
function bookAll(model: LedgerModel, entries: EntryDraft[]): string[] {
  for (const entry of entries) expect(model.book(entry), entry.type).toBeTypeOf("number");
  return entries.map((e) => e.type);
}

function balances(model: LedgerModel, user: string, currency: string) {
  const at = (m: ReturnType<LedgerModel["balance"]>) => m.toFixed(scaleOf(currency));
  return {
    available: at(model.balance(userAccount(user, currency))),
    held: at(model.balance(userAccount(user, currency, "held"))),
    margin: at(model.balance(userAccount(user, currency, "margin"))),
    fees: at(model.balance(platformAccount("fees", currency))),
    taxes: at(model.balance(platformAccount("taxes", currency))),
    pnl: at(model.balance(platformAccount("pnl", currency))),
  };
}

/** A commission and a tax (charges.test.ts has each market's real components). */
const tax = (rate: string, side: ChargeSide): ChargeComponent[] => [
  { id: "tax", kind: "stampDuty", basis: { kind: "value", rate }, side },
];
const INR = { feeRate: "0.0003", minFee: "20", charges: tax("0.001", "sell") };
// On both sides here, so that a short's close (a purchase) pays it too.
const USD = { feeRate: "0.0003", minFee: "1", charges: tax("0.0000278", "both") };

describe("ledger entries of a position's life", () => {
  it("an opening with taxes books the fees to the fees account and the taxes to the taxes account", () => {
    const model = new LedgerModel();
    bookAll(model, [credit("deposit", "u", "INR", "1000.00")]);
    // India's defaults on ₹4.00 bought (charges.test.ts): fees 20.02, taxes 3.63, fee 23.65.
    const cost = orderCost(
      { direction: "long", price: "4.00", quantity: "1", leverage: 1, currency: "INR" },
      DEFAULT_TRADING_CONFIG.IN,
    );
    expect(cost).toMatchObject({ fee: "23.65", tax: "3.63", total: "27.65" });
    expect(bookAll(model, openEntries("u", "INR", cost))).toEqual(["tradeMargin", "fee", "stampDuty"]);
    expect(balances(model, "u", "INR")).toMatchObject({
      available: "972.35",
      margin: "4.00",
      fees: "20.02",
      taxes: "3.63",
    });
    // Held first (a limit order), then filled: the same split, from the hold.
    const held = new LedgerModel();
    bookAll(held, [credit("deposit", "u", "INR", "1000.00")]);
    bookAll(held, holdEntries("u", "INR", cost));
    expect(bookAll(held, fillEntries("u", "INR", cost, cost))).toEqual(["tradeMargin", "fee", "stampDuty"]);
    expect(balances(held, "u", "INR")).toMatchObject({ held: "0.00", fees: "20.02", taxes: "3.63" });
  });

  it("a market order, then a close with a gain", () => {
    const model = new LedgerModel();
    bookAll(model, [credit("deposit", "u", "INR", "100000.00")]);
    expect(bookAll(model, openEntries("u", "INR", { margin: "18176.99", fee: "27.27" }))).toEqual([
      "tradeMargin",
      "fee",
    ]);
    expect(balances(model, "u", "INR")).toMatchObject({
      available: "81795.74",
      margin: "18176.99",
      fees: "27.27",
    });

    const position: PositionTerms = {
      direction: "long",
      openPrice: "2456.35",
      quantity: "37",
      margin: "18176.99",
      currency: "INR",
    };
    const s = settlement(position, "2601.80", INR);
    expect(bookAll(model, closeEntries("u", "INR", s))).toEqual([
      "marginRelease",
      "realisedPnl",
      "fee",
      "stampDuty",
    ]);
    // 81,795.74 + 23,433.49 (margin 18,176.99 + P&L 5,381.65 − fee 28.88 − stamp duty 96.27)
    expect(balances(model, "u", "INR")).toEqual({
      available: "105229.23",
      held: "0.00",
      margin: "0.00",
      fees: "56.15",
      taxes: "96.27",
      pnl: "-5381.65",
    });
  });

  it("a limit order held, filled below its limit: the difference comes back", () => {
    const model = new LedgerModel();
    bookAll(model, [credit("deposit", "u", "INR", "100000.00")]);
    expect(bookAll(model, holdEntries("u", "INR", { total: "18204.26" }))).toEqual(["tradeMargin"]);
    expect(balances(model, "u", "INR")).toMatchObject({ available: "81795.74", held: "18204.26" });
    // Filled at 2,450.00: margin 18,130.00, fee 27.195 → 27.20, total 18,157.20; 47.06 released.
    const filled = { margin: "18130.00", fee: "27.20", total: "18157.20" };
    expect(bookAll(model, fillEntries("u", "INR", { total: "18204.26" }, filled))).toEqual([
      "tradeMargin",
      "fee",
      "marginRelease",
    ]);
    expect(balances(model, "u", "INR")).toMatchObject({
      available: "81842.80",
      held: "0.00",
      margin: "18130.00",
      fees: "27.20",
    });
  });

  it("a held order that costs more at the fill tops the hold up first", () => {
    const model = new LedgerModel();
    bookAll(model, [credit("deposit", "u", "USD", "1000.00")]);
    bookAll(model, holdEntries("u", "USD", { total: "488.32" }));
    // A short limit filled above its limit at 190.00: margin 494.00, fee 1.00 (the minimum).
    const filled = { margin: "494.00", fee: "1.00", total: "495.00" };
    const entries = fillEntries("u", "USD", { total: "488.32" }, filled);
    expect(bookAll(model, entries)).toEqual(["tradeMargin", "tradeMargin", "fee"]);
    expect(entries[0]?.postings.map((p) => p.amount)).toEqual(["-6.68", "6.68"]);
    expect(balances(model, "u", "USD")).toMatchObject({
      available: "505.00",
      held: "0.00",
      margin: "494.00",
    });
  });

  it("a cancelled, expired or declined order gets everything held back", () => {
    const model = new LedgerModel();
    bookAll(model, [credit("deposit", "u", "USD", "500.00")]);
    bookAll(model, holdEntries("u", "USD", { total: "488.32" }));
    expect(bookAll(model, releaseEntries("u", "USD", { total: "488.32" }))).toEqual(["marginRelease"]);
    expect(balances(model, "u", "USD")).toMatchObject({ available: "500.00", held: "0.00" });
  });

  it("a loss beyond the margin is the platform's: only the closing charges come from the user's other money", () => {
    const model = new LedgerModel();
    bookAll(model, [credit("deposit", "u", "USD", "14000.00")]);
    bookAll(model, openEntries("u", "USD", { margin: "12819.25", fee: "38.46" }));
    const position: PositionTerms = {
      direction: "short",
      openPrice: "512.77",
      quantity: "250",
      margin: "12819.25",
      currency: "USD",
    };
    const s = settlement(position, "570.00", USD, "1142.29");
    expect(s).toMatchObject({
      shortfall: "1534.97",
      fromAvailable: "46.72",
      booked: { protection: "1488.25" },
    });
    expect(bookAll(model, closeEntries("u", "USD", s))).toEqual([
      "marginRelease",
      "negativeBalanceProtection",
      "realisedPnl",
      "fee",
      "stampDuty",
    ]);
    // 14,000 − 12,819.25 − 38.46 = 1,142.29 before; after, less the closing fee 42.75 and stamp duty 3.97.
    expect(balances(model, "u", "USD")).toEqual({
      available: "1095.57",
      held: "0.00",
      margin: "0.00",
      fees: "81.21",
      taxes: "3.97",
      pnl: "14307.50",
    });
    expect(model.balance(platformAccount("protection", "USD")).toFixed(2)).toBe("-1488.25");
  });

  it("charges every tax and fee in full even when the margin is a sliver of them", () => {
    const model = new LedgerModel();
    bookAll(model, [credit("deposit", "u", "KRW", "100")]);
    expect(bookAll(model, openEntries("u", "KRW", { margin: "100", fee: "0" }))).toEqual(["tradeMargin"]);
    const position: PositionTerms = {
      direction: "short",
      openPrice: "1000",
      quantity: "1",
      margin: "100",
      currency: "KRW",
    };
    const s = settlement(
      position,
      "100000",
      {
        feeRate: "0.0003",
        minFee: "0",
        charges: [{ id: "tax", kind: "stampDuty", basis: { kind: "value", rate: "0.002" }, side: "both" }],
      },
      "0",
    );
    const entries = closeEntries("u", "KRW", s);
    expect(bookAll(model, entries)).toEqual([
      "marginRelease",
      "negativeBalanceProtection",
      "realisedPnl",
      "fee",
      "stampDuty",
    ]);
    expect(balances(model, "u", "KRW")).toEqual({
      available: "0",
      held: "0",
      margin: "0",
      fees: "30",
      taxes: "200",
      pnl: "99000",
    });
    expect(model.balance(platformAccount("protection", "KRW")).toFixed(0)).toBe("-99130");
  });
});
