import type { AdminBlockTradeOffer, AdminBlockTradePage } from "@brokerage/api";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helper.js";
import { blockTradeOffers } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { checkLedger } from "../ledger/index.js";
import {
  adminCall,
  createStaff,
  expectOneAuditRow,
  staffLogin,
  type StaffLogin,
  type StaffMember,
} from "../staff/testing.js";
import { PriceBoard, trader } from "../trading/testing.js";
import { secretKeyHash } from "./offers.js";
import { createOffer, decide, offerBody, saveOffer, subscribeOk } from "./testing.js";

/** The back office's offers (blockTrades.manage): list, save, withdraw, each audited; the permission. */
const board = new PriceBoard();
let t: TestApp;
let operator: StaffLogin;
let admin: StaffLogin;
let adminMember: StaffMember;
let reviewer: StaffLogin;

beforeAll(async () => {
  t = await buildTestApp({
    market: { provider: board.feed },
    authLimits: { registrationsPerAddress: { max: 100, windowMs: HOUR } },
  });
  board.set("RELIANCE", "1000.00");
  operator = await staffLogin(t.app, await createStaff(t.database.db, "operator"), "10.93.0.1");
  adminMember = await createStaff(t.database.db, "administrator");
  admin = await staffLogin(t.app, adminMember, "10.93.0.2");
  reviewer = await staffLogin(t.app, await createStaff(t.database.db, "reviewer"), "10.93.0.3");
});
afterAll(() => t.close());

const later = (hours: number) => new Date(t.clock.now().getTime() + hours * HOUR).toISOString();
const rowOf = async (id: string) =>
  (await t.database.db.select().from(blockTradeOffers).where(eq(blockTradeOffers.id, id)))[0];

describe("saving an offer", () => {
  it("creates one from the instrument's symbol, audited with the reason and never the key", async () => {
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      saveOffer(t, operator, offerBody(t, { symbol: "reliance", secretKey: "club-2026" })),
    );
    expect(result).toMatchObject({
      status: 1,
      data: {
        symbol: "RELIANCE",
        exchange: "NSE",
        market: "IN",
        currency: "INR",
        price: "925.50",
        minQuantity: "100",
        maxQuantity: "1000",
        lockDays: 2,
        secretKeyRequired: true,
        state: "active",
        status: "open",
        createdBy: operator.account,
        pendingCount: 0,
        approvedQuantity: "0",
      },
    });
    const offer = result.data as AdminBlockTradeOffer;
    expect(row).toMatchObject({
      action: "blockTrade.save",
      target: `blockTrade:${offer.id}`,
      reason: "Placement for invited clients",
      actor: operator.account,
    });
    expect(row?.details).toMatchObject({ created: true, before: null, after: { secretKeyRequired: true } });
    expect(JSON.stringify(row?.details)).not.toContain("club-2026");
    expect((await rowOf(offer.id))?.secretKeyHash).toBe(secretKeyHash("club-2026"));
  });

  it("changes an offer before it opens (the key kept, replaced or removed), not once it has", async () => {
    const offer = await createOffer(t, admin, {
      opensAt: later(24),
      closesAt: later(72),
      secretKey: "k-one",
    });
    const edit = { ...offerBody(t), id: offer.id, opensAt: later(24), closesAt: later(72), reason: "Fix" };
    expect(await saveOffer(t, admin, { ...edit, price: "930" })).toMatchObject({
      status: 1,
      data: { id: offer.id, price: "930.00", secretKeyRequired: true, status: "upcoming" },
    });
    expect((await rowOf(offer.id))?.secretKeyHash).toBe(secretKeyHash("k-one"));
    await saveOffer(t, admin, { ...edit, secretKey: "k-two" });
    expect((await rowOf(offer.id))?.secretKeyHash).toBe(secretKeyHash("k-two"));
    expect(await saveOffer(t, admin, { ...edit, secretKey: null })).toMatchObject({
      data: { secretKeyRequired: false },
    });
    t.clock.set(later(25));
    // Staff sessions end after 30 idle minutes: log in again at the moved clock.
    const again = await staffLogin(t.app, adminMember, "10.93.0.4");
    expect(await saveOffer(t, again, { ...edit, closesAt: later(80) })).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    t.clock.set("2026-01-05T08:00:00Z");
  });

  it.each([
    ["an unknown symbol", { symbol: "NOPE" }, "UNKNOWN_SYMBOL"],
    ["more decimals than the price grid", { price: "925.555" }, "INVALID_INPUT", "price"],
    ["a price of 0", { price: "0" }, "PRICE_NOT_POSITIVE", "price"],
    [
      "a maximum below the minimum",
      { minQuantity: "500", maxQuantity: "100" },
      "INVALID_INPUT",
      "maxQuantity",
    ],
    ["a window ending before it opens", { closesAt: "2026-01-01T00:00:00Z" }, "INVALID_INPUT", "closesAt"],
    [
      "a window that has ended",
      { opensAt: "2025-12-01T00:00:00Z", closesAt: "2026-01-01T00:00:00Z" },
      "INVALID_INPUT",
      "closesAt",
    ],
    ["no reason", { reason: " " }, "REASON_REQUIRED", "reason"],
    ["a short key", { secretKey: "abc" }, "INVALID_INPUT", "secretKey"],
    ["an unknown id", { id: "00000000-0000-4000-8000-000000000000" }, "NOT_FOUND"],
  ])("refuses %s", async (_name, overrides, code, field?: string) => {
    const answer = await saveOffer(t, operator, offerBody(t, overrides));
    expect(answer).toMatchObject({ status: 0, code, ...(field ? { params: { field } } : {}) });
  });
});

describe("withdrawing and listing", () => {
  it("withdraws once (audited), keeps subscriptions under review, and counts them in the list", async () => {
    const offer = await createOffer(t, operator);
    const who = await trader(t, { currency: "INR", amount: "300000.00" });
    const first = await subscribeOk(t, who, { offerId: offer.id, quantity: "100" });
    const second = await subscribeOk(t, who, { offerId: offer.id, quantity: "120" });
    await subscribeOk(t, who, { offerId: offer.id, quantity: "100" });
    expect(await decide(t, reviewer, first.id, "approve")).toMatchObject({ status: 1 });
    expect(await decide(t, reviewer, second.id, "approve")).toMatchObject({ status: 1 });

    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      adminCall(
        t.app,
        "blockTrades/withdraw",
        { id: offer.id, reason: "Issuer pulled it" },
        operator.headers,
      ),
    );
    expect(result).toMatchObject({
      status: 1,
      data: { state: "withdrawn", status: "withdrawn", pendingCount: 1, approvedQuantity: "220" },
    });
    expect(row).toMatchObject({ action: "blockTrade.withdraw", reason: "Issuer pulled it" });
    expect(
      await adminCall(t.app, "blockTrades/withdraw", { id: offer.id, reason: "Again" }, operator.headers),
    ).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await saveOffer(t, operator, { ...offerBody(t), id: offer.id })).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });

    const list = await adminCall(t.app, "blockTrades/list", {}, operator.headers);
    const page = list.data as AdminBlockTradePage;
    expect(page.items[0]).toMatchObject({ id: offer.id, status: "withdrawn", pendingCount: 1 });
    expect(page.items.length).toBeLessThanOrEqual(20);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("pages every offer newest first, 20 a page", async () => {
    for (let i = 0; i < 21; i++) await createOffer(t, admin);
    const first = (await adminCall(t.app, "blockTrades/list", {}, admin.headers)).data as AdminBlockTradePage;
    expect(first.items).toHaveLength(20);
    const second = (await adminCall(t.app, "blockTrades/list", { cursor: first.nextCursor }, admin.headers))
      .data as AdminBlockTradePage;
    expect(second.items.length).toBeGreaterThan(0);
    expect(new Set([...first.items, ...second.items].map((o) => o.id)).size).toBe(
      first.items.length + second.items.length,
    );
  });

  it("is refused to a role without blockTrades.manage, and to no session", async () => {
    for (const path of ["blockTrades/list", "blockTrades/save", "blockTrades/withdraw"]) {
      expect(await adminCall(t.app, path, {}, reviewer.headers)).toMatchObject({
        httpStatus: 403,
        code: "FORBIDDEN",
      });
      expect(await adminCall(t.app, path, {})).toMatchObject({ httpStatus: 401 });
    }
  });
});
