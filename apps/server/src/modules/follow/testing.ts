/** Helpers of the copy-trading tests (imported by *.test.ts only). */
import type { AdminFollowProduct, FollowHolding, TradeOrder } from "@brokerage/api";
import { DEFAULT_TRADING_CONFIG } from "@brokerage/core";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { call, type Answer, type TestApp } from "../../../test/helper.js";
import { followProducts, ledgerAccounts } from "../../db/schema/index.js";
import { HOUR, MINUTE } from "../../lib/clock.js";
import { adminCall, createStaff, staffLogin, type StaffLogin } from "../staff/testing.js";
import { newKey, setSetting, type Trader } from "../trading/testing.js";

let address = 0;

/** An operator (who has follow.manage) logged in. */
export async function operator(t: TestApp, role: "operator" | "support" = "operator"): Promise<StaffLogin> {
  const staff = await createStaff(t.database.db, role);
  address += 1;
  return staffLogin(t.app, staff, `10.30.${Math.floor(address / 200)}.${address % 200}`);
}

/** Crypto traded at 1× with a fee of 0.1 % and no lock, so every figure can be worked out by hand. */
export const plainCryptoTerms = (t: TestApp) =>
  setSetting(t, "trading.CRYPTO", {
    ...DEFAULT_TRADING_CONFIG.CRYPTO,
    feeRate: "0.001",
    minFee: "0",
    charges: [],
    lock: { kind: "minutes", n: 0 },
    marginCallLevels: [],
  });

/** A product's terms: USD, 100.00 to 10,000.00 a buy, open an hour ago for two days, ending in three. */
export function productBody(t: TestApp, leader: string, overrides: Record<string, unknown> = {}) {
  const now = t.clock.now().getTime();
  return {
    name: "Steady crypto",
    strategy: "Long bitcoin at 1x, no leverage.",
    leaderAccount: leader,
    currency: "USD",
    minBuy: "100.00",
    maxBuy: "10000.00",
    opensAt: new Date(now - HOUR).toISOString(),
    closesAt: new Date(now + 48 * HOUR).toISOString(),
    endsAt: new Date(now + 72 * HOUR).toISOString(),
    private: false,
    earlyRedeem: true,
    managementFeeRate: "0.02",
    performanceFeeRate: "0.2",
    leaderShare: "0.5",
    reason: "New copy product",
    ...overrides,
  };
}

export async function createProduct(
  t: TestApp,
  staff: StaffLogin,
  body: Record<string, unknown>,
): Promise<AdminFollowProduct> {
  const answer = await adminCall(t.app, "follow/save", body, staff.headers);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as AdminFollowProduct;
}

export const follow = (t: TestApp, who: Trader, action: string, body: unknown = {}): Promise<Answer> =>
  call(t.app, `follow/${action}`, body, who.session.headers);

export const buy = (t: TestApp, who: Trader, body: Record<string, unknown>) =>
  follow(t, who, "buy", { copyStopLoss: 50, idempotencyKey: newKey(), ...body });

export async function buyOk(t: TestApp, who: Trader, body: Record<string, unknown>): Promise<FollowHolding> {
  const answer = await buy(t, who, body);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as FollowHolding;
}

/** A portfolio order placed by staff, which must succeed. */
export async function tradeOk(
  t: TestApp,
  staff: StaffLogin,
  productId: string,
  order: Record<string, unknown>,
): Promise<TradeOrder> {
  const answer = await adminCall(
    t.app,
    "follow/trade",
    { productId, idempotencyKey: newKey(), reason: "Strategy", leverage: 1, priceType: "market", ...order },
    staff.headers,
  );
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as TradeOrder;
}

/** Moves the clock past the mark interval and runs one engine round (the marks among its tasks). */
export async function markRound(t: TestApp, ms = MINUTE): Promise<void> {
  t.clock.advance(ms);
  await t.app.tradingEngine.round();
}

export async function holdingsOf(t: TestApp, who: Trader): Promise<FollowHolding[]> {
  const answer = await follow(t, who, "mine");
  expect(answer).toMatchObject({ status: 1 });
  return (answer.data as { items: FollowHolding[] }).items;
}

export async function productRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(followProducts).where(eq(followProducts.id, id));
  if (!row) throw new Error("no product");
  return row;
}

/** The balances of an account's ledger accounts (purpose → balance). */
export async function balancesOf(t: TestApp, userId: string): Promise<Record<string, string>> {
  const rows = await t.database.db
    .select({ purpose: ledgerAccounts.purpose, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.purpose, r.balance]));
}
