import { randomUUID } from "node:crypto";
import {
  FOLLOW_RISK_DRAWDOWN_EDGES,
  FOLLOW_RISK_VOLATILITY_EDGES,
  type AdminFollowDetail,
  type FollowHolding,
  type FollowProductDetail,
  type Message,
} from "@brokerage/api";
import { RISK_DRAWDOWN_EDGES, RISK_VOLATILITY_EDGES, allocateByUnits, money } from "@brokerage/core";
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, type TestApp } from "../../../test/helper.js";
import { auditLog, followNavs } from "../../db/schema/index.js";
import { HOUR, MINUTE } from "../../lib/clock.js";
import { RiskStatistics } from "../risk/index.js";
import { adminCall, type StaffLogin } from "../staff/testing.js";
import {
  PriceBoard,
  clearSetting,
  newKey,
  setUpTradingApp,
  trader,
  walletOf,
  type Trader,
} from "../trading/testing.js";
import {
  balancesOf,
  buy,
  buyOk,
  createProduct,
  follow,
  holdingsOf,
  markRound,
  operator,
  plainCryptoTerms,
  productBody,
  productRow,
  tradeOk,
} from "./testing.js";

const board = new PriceBoard();
board.set("BTCUSD", "100.00");
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

let staff: StaffLogin;
let leader: Trader;
let leaderAccount: string;

beforeAll(async () => {
  staff = await operator(t);
  leader = await trader(t);
  const info = await call(t.app, "user/getUserinfo", {}, leader.session.headers);
  leaderAccount = (info.data as { account: string }).account;
});
beforeEach(async () => {
  board.set("BTCUSD", "100.00");
  await plainCryptoTerms(t);
  return () => clearSetting(t, "trading.CRYPTO");
});

const usd = async (who: Trader) => {
  const wallet = await walletOf(t, who.userId, "USD");
  return { available: money(wallet.available).toFixed(2), held: money(wallet.held).toFixed(2) };
};
const product = async (id: string) =>
  (await call(t.app, "follow/product", { id }, leader.session.headers)).data as FollowProductDetail;

async function inbox(who: Trader) {
  const answer = await call(t.app, "message/list", {}, who.session.headers);
  return (answer.data as { items: Message[] }).items;
}

/** The invariant at the product's last mark: the holders' shares of the net assets and the fees add up. */
async function addsUp(id: string) {
  const row = await productRow(t, id);
  const [mark] = await t.database.db
    .select()
    .from(followNavs)
    .where(eq(followNavs.productId, id))
    .orderBy(followNavs.at)
    .then((rows) => rows.slice(-1));
  if (!mark) throw new Error("no mark");
  const fees = money(row.accruedManagement).plus(row.accruedPerformance);
  const net = money(mark.value).minus(mark.accruedFees);
  expect(money(mark.units).times(mark.nav).toDecimalPlaces(2, 1).lessThanOrEqualTo(net)).toBe(true);
  expect(fees.isNegative()).toBe(false);
}

describe("copy trading", () => {
  it("buys units at the next NAV, moves with a portfolio traded up and down, and pays out at the end time", async () => {
    const created = await createProduct(t, staff, productBody(t, leaderAccount));
    expect(created).toMatchObject({ status: "open", nav: "1", units: "0", state: "active" });
    const a = await trader(t, { currency: "USD", amount: "2000.00" });
    const b = await trader(t, { currency: "USD", amount: "2000.00" });
    const first = await buyOk(t, a, { productId: created.id, amount: "1000.00", copyStopLoss: 50 });
    expect(first).toMatchObject({ state: "pending", units: null, value: "1000.00", stopValue: "500.00" });
    expect(await usd(a)).toMatchObject({ available: "1000.00", held: "1000.00" });

    await markRound(t);
    const [bought] = await holdingsOf(t, a);
    expect(bought).toMatchObject({ state: "active", units: "1000", buyNav: "1", value: "1000.00" });

    // Staff buy 9 BTC at 100.00 through the normal order path: margin 900.00, fee 0.90.
    const order = await tradeOk(t, staff, created.id, { symbol: "BTCUSD", direction: "long", quantity: "9" });
    expect(order).toMatchObject({ state: "open", margin: "900.00", openFee: "0.90" });

    // Up 20 %: the portfolio is 99.10 + 900.00 + 180.00 = 1179.10 before fees.
    board.set("BTCUSD", "120.00");
    await markRound(t);
    const up = await productRow(t, created.id);
    expect(money(up.nav).greaterThan("1.1")).toBe(true);
    expect(money(up.accruedPerformance).greaterThan(0)).toBe(true);
    await addsUp(created.id);

    // B buys at a different NAV: fewer units for the same amount.
    await buyOk(t, b, { productId: created.id, amount: "1000.00", copyStopLoss: 50 });
    await markRound(t);
    const [bHolding] = await holdingsOf(t, b);
    // At the mark after the buy (the NAV moved on by a minute's management fee), not at the one before it.
    expect(bHolding?.buyNav).toBe(money((await productRow(t, created.id)).nav).toFixed());
    expect(bHolding?.buyNav).not.toBe(money(up.nav).toFixed());
    expect(money(bHolding?.units ?? "0").lessThan("1000")).toBe(true);

    // Down below the start: the performance fee accrued on the rise is taken back.
    board.set("BTCUSD", "80.00");
    await markRound(t);
    const down = await productRow(t, created.id);
    expect(money(down.nav).lessThan(up.nav)).toBe(true);
    expect(money(down.nav).lessThan(1)).toBe(true);
    expect(down.accruedPerformance).toBe("0.00000000");
    await addsUp(created.id);
    const [aNow] = await holdingsOf(t, a);
    expect(money(aNow?.pnl ?? "0").isNegative()).toBe(true);

    // The measured record: a NAV series, the drawdown, the risk formula, what is paid; nothing promised.
    const detail = await product(created.id);
    expect(detail.navSeries.length).toBeGreaterThan(0);
    expect(money(detail.maxDrawdown).isNegative()).toBe(true);
    expect(detail.risk.volatilityEdges).toEqual([...FOLLOW_RISK_VOLATILITY_EDGES]);
    expect(detail.risk.drawdownEdges).toEqual([...FOLLOW_RISK_DRAWDOWN_EDGES]);
    expect([...RISK_VOLATILITY_EDGES]).toEqual([...FOLLOW_RISK_VOLATILITY_EDGES]);
    expect([...RISK_DRAWDOWN_EDGES]).toEqual([...FOLLOW_RISK_DRAWDOWN_EDGES]);
    expect(detail.portfolio.positions).toHaveLength(1);
    expect(detail.copierResults.map((c) => c.period)).toEqual(["1M", "1Y", "all"]);
    expect(JSON.stringify(detail)).not.toMatch(
      /expected|target|guarantee|promis|預期|预期|保證|保证|보장|गारंटी/i,
    );

    // The end time: the position closes through the normal path and everyone is paid at that mark.
    t.clock.advance(72 * HOUR);
    await t.app.tradingEngine.round();
    const ended = await productRow(t, created.id);
    expect(ended.state).toBe("ended");
    expect(ended.units).toBe("0.00000000");
    // The end time is the system's action, in the audit log with its reason.
    const endAudit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "follow.end"), eq(auditLog.target, `followProduct:${created.id}`)));
    expect(endAudit).toHaveLength(1);
    expect(endAudit[0]).toMatchObject({ actor: "system", adminUserId: null, reason: "end time reached" });
    const [aEnd] = await holdingsOf(t, a);
    const [bEnd] = await holdingsOf(t, b);
    expect(aEnd).toMatchObject({ state: "paidOut", endReason: "endTime" });
    expect(bEnd).toMatchObject({ state: "paidOut", endReason: "endTime" });
    // The portfolio is empty: every cent went to the holders, the leader and the platform.
    const left = await balancesOf(t, ended.portfolioUserId);
    expect(Object.keys(left).length).toBeGreaterThan(0);
    for (const balance of Object.values(left)) expect(money(balance).isZero()).toBe(true);
    const paid = money(aEnd?.payout ?? "0").plus(bEnd?.payout ?? "0");
    const fees = money(ended.leaderPaid).plus(ended.platformPaid);
    // Three days on, the morning's staff session has expired: a new log-in reads the portfolio's orders.
    const closeOrder = (await adminDetail(created.id, await operator(t))).orders[0];
    expect(closeOrder).toMatchObject({ state: "closed" });
    // 2000 paid in = payouts + fees + the trade's costs − its gross P&L.
    expect(
      paid
        .plus(fees)
        .plus(closeOrder?.costs ?? "0")
        .minus(closeOrder?.pnlGross ?? "0")
        .toFixed(2),
    ).toBe("2000.00");
    expect((await inbox(a)).map((m) => m.kind)).toContain("followPaidOut");
    expect(await usd(a)).toMatchObject({ held: "0.00" });
  });

  it("gives a buy placed just after a mark its units at the next round, and spaces the other marks", async () => {
    const created = await createProduct(t, staff, productBody(t, leaderAccount));
    await markRound(t);
    const marked = await productRow(t, created.id);
    expect(marked.navAt).not.toBeNull();
    // Nobody buying: the next round within the interval does not mark again.
    await markRound(t, 1000);
    expect((await productRow(t, created.id)).navAt).toEqual(marked.navAt);
    const a = await trader(t, { currency: "USD", amount: "500.00" });
    await buyOk(t, a, { productId: created.id, amount: "200.00", copyStopLoss: 50 });
    await markRound(t, 1000);
    const [holding] = await holdingsOf(t, a);
    expect(holding).toMatchObject({ state: "active", units: "200", buyNav: "1" });
    expect(await usd(a)).toMatchObject({ available: "300.00", held: "0.00" });
    await addsUp(created.id);
  });

  it("redeems by the copy stop-loss, closing positions for the cash", async () => {
    const created = await createProduct(t, staff, productBody(t, leaderAccount));
    const a = await trader(t, { currency: "USD", amount: "1000.00" });
    await buyOk(t, a, { productId: created.id, amount: "1000.00", copyStopLoss: 10 });
    await markRound(t);
    await tradeOk(t, staff, created.id, { symbol: "BTCUSD", direction: "long", quantity: "9" });
    // 85.00: 99.10 + 900 − 135 = 864.10 ≤ the stop value 900.00, but only 99.10 is free cash.
    board.set("BTCUSD", "85.00");
    await markRound(t);
    const [waiting] = await holdingsOf(t, a);
    expect(waiting).toMatchObject({ state: "redeeming", endReason: "stopLoss" });
    await markRound(t);
    const [stopped] = await holdingsOf(t, a);
    expect(stopped).toMatchObject({ state: "stoppedOut", endReason: "stopLoss" });
    expect(money(stopped?.payout ?? "0").lessThan("900.00")).toBe(true);
    expect((await usd(a)).available).toBe(stopped?.payout);
    expect((await inbox(a)).map((m) => m.kind)).toContain("followStopLoss");
  });

  it("refuses with each of the spec's messages and changes nothing", async () => {
    const open = await createProduct(t, staff, productBody(t, leaderAccount));
    const later = await createProduct(
      t,
      staff,
      productBody(t, leaderAccount, { opensAt: new Date(t.clock.now().getTime() + HOUR).toISOString() }),
    );
    const closing = await createProduct(
      t,
      staff,
      productBody(t, leaderAccount, { closesAt: new Date(t.clock.now().getTime() + MINUTE).toISOString() }),
    );
    const secret = await createProduct(
      t,
      staff,
      productBody(t, leaderAccount, { private: true, channelPassword: "opensesame" }),
    );
    const a = await trader(t, { currency: "USD", amount: "500.00" });
    const cases: [Record<string, unknown>, string, Record<string, string>?][] = [
      [{ productId: randomUUID(), amount: "100.00" }, "PRODUCT_UNAVAILABLE"],
      [{ productId: later.id, amount: "100.00" }, "NOT_YET_OPEN"],
      [{ productId: secret.id, amount: "100.00" }, "CHANNEL_PASSWORD_WRONG"],
      [{ productId: secret.id, amount: "100.00", channelPassword: "wrong" }, "CHANNEL_PASSWORD_WRONG"],
      [{ productId: open.id, amount: "99.99" }, "BELOW_MIN_BUY", { min: "100.00" }],
      [{ productId: open.id, amount: "10000.01" }, "AMOUNT_ABOVE_MAX", { max: "10000.00" }],
      [{ productId: open.id, amount: "600.00" }, "INSUFFICIENT_AVAILABLE", { available: "500.00" }],
      [{ productId: open.id, amount: "100.001" }, "INVALID_INPUT", { field: "amount" }],
      [{ productId: open.id, amount: "100.00", copyStopLoss: 4 }, "FOLLOW_STOP_LOSS_INVALID"],
      [{ productId: open.id, amount: "100.00", copyStopLoss: 96 }, "FOLLOW_STOP_LOSS_INVALID"],
      [{ productId: open.id, amount: 100 }, "INVALID_INPUT"],
    ];
    for (const [body, code, params] of cases) {
      const answer = await buy(t, a, body);
      expect(answer, `${code} ${JSON.stringify(body)}`).toMatchObject({
        status: 0,
        code,
        ...(params && { params }),
      });
    }
    t.clock.advance(2 * MINUTE);
    expect(await buy(t, a, { productId: closing.id, amount: "100.00" })).toMatchObject({
      code: "FOLLOW_TIME_EXCEEDED",
    });
    expect(await usd(a)).toMatchObject({ available: "500.00", held: "0.00" });
    expect(await holdingsOf(t, a)).toEqual([]);
    expect(
      await buyOk(t, a, { productId: secret.id, amount: "100.00", channelPassword: "opensesame" }),
    ).toMatchObject({
      state: "pending",
    });
  });

  it("redeems early where allowed, refunds a pending buy, and refuses another user's holding", async () => {
    const allowed = await createProduct(t, staff, productBody(t, leaderAccount));
    const locked = await createProduct(t, staff, productBody(t, leaderAccount, { earlyRedeem: false }));
    const a = await trader(t, { currency: "USD", amount: "1000.00" });
    const other = await trader(t, { currency: "USD", amount: "100.00" });
    const pending = await buyOk(t, a, { productId: allowed.id, amount: "200.00" });
    expect(
      await follow(t, other, "redeem", { holdingId: pending.id, idempotencyKey: newKey() }),
    ).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await follow(t, a, "redeem", { holdingId: "nope", idempotencyKey: newKey() })).toMatchObject({
      code: "INVALID_INPUT",
    });
    const refunded = await follow(t, a, "redeem", { holdingId: pending.id, idempotencyKey: newKey() });
    expect(refunded).toMatchObject({ status: 1, data: { state: "redeemed", payout: "200.00" } });
    expect(await usd(a)).toMatchObject({ available: "1000.00", held: "0.00" });

    const held = await buyOk(t, a, { productId: allowed.id, amount: "300.00" });
    const kept = await buyOk(t, a, { productId: locked.id, amount: "300.00" });
    await markRound(t);
    expect(await follow(t, a, "redeem", { holdingId: kept.id, idempotencyKey: newKey() })).toMatchObject({
      code: "FOLLOW_REDEEM_NOT_ALLOWED",
    });
    const asked = await follow(t, a, "redeem", { holdingId: held.id, idempotencyKey: newKey() });
    expect(asked).toMatchObject({ status: 1, data: { state: "redeeming" } });
    expect(await follow(t, a, "redeem", { holdingId: held.id, idempotencyKey: newKey() })).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    await markRound(t);
    const mine = await holdingsOf(t, a);
    expect(mine.find((h) => h.id === held.id)).toMatchObject({
      state: "redeemed",
      // A minute's management fee: 300 × 2 % × 1 min ÷ 365 days, rounded up to 0.01.
      payout: "299.99",
    });
    expect((await inbox(a)).map((m) => m.kind)).toContain("followRedeemed");
  });

  it("takes concurrent buys, and a concurrent duplicate once", async () => {
    const created = await createProduct(t, staff, productBody(t, leaderAccount));
    const buyers = await Promise.all(
      [1, 2, 3, 4].map(() => trader(t, { currency: "USD", amount: "500.00" })),
    );
    const answers = await Promise.all(
      buyers.map((who) => buy(t, who, { productId: created.id, amount: "250.00" })),
    );
    for (const answer of answers) expect(answer).toMatchObject({ status: 1 });
    const dup = buyers[0] as Trader;
    const key = newKey();
    const twice = await Promise.all(
      [1, 2].map(() => buy(t, dup, { productId: created.id, amount: "100.00", idempotencyKey: key })),
    );
    for (const answer of twice) expect(answer).toMatchObject({ status: 1 });
    expect((twice[0]?.data as FollowHolding).id).toBe((twice[1]?.data as FollowHolding).id);
    expect(await usd(dup)).toMatchObject({ available: "150.00", held: "350.00" });
    await markRound(t);
    const row = await productRow(t, created.id);
    expect(money(row.units).toFixed()).toBe("1100");
    const held = await Promise.all(buyers.map((who) => holdingsOf(t, who)));
    const units = held.flat().map((h) => h.units ?? "0");
    expect(
      allocateByUnits("1100.00", units, "USD")
        .reduce((s, v) => s.plus(v), money(0))
        .toFixed(2),
    ).toBe("1100.00");
  });

  it("closes a product by staff: everyone paid at the NAV with the reason; staff cannot change its terms", async () => {
    const created = await createProduct(t, staff, productBody(t, leaderAccount));
    const a = await trader(t, { currency: "USD", amount: "1000.00" });
    await buyOk(t, a, { productId: created.id, amount: "1000.00" });
    await markRound(t);
    await tradeOk(t, staff, created.id, { symbol: "BTCUSD", direction: "long", quantity: "5" });
    const changed = await adminCall(
      t.app,
      "follow/save",
      { ...productBody(t, leaderAccount), id: created.id, managementFeeRate: "0.05" },
      staff.headers,
    );
    expect(changed).toMatchObject({ code: "FOLLOW_TERMS_FIXED" });
    const closed = await adminCall(
      t.app,
      "follow/close",
      { productId: created.id, reason: "Leader stopped trading" },
      staff.headers,
    );
    expect(closed).toMatchObject({
      status: 1,
      data: { state: "closed", closeReason: "Leader stopped trading" },
    });
    const [holding] = await holdingsOf(t, a);
    expect(holding).toMatchObject({
      state: "closedOut",
      endReason: "closed",
      closeReason: "Leader stopped trading",
    });
    const message = (await inbox(a)).find((m) => m.kind === "followClosed");
    expect(message?.params).toMatchObject({ reason: "Leader stopped trading", payout: holding?.payout });
    expect(await buy(t, a, { productId: created.id, amount: "100.00" })).toMatchObject({
      code: "PRODUCT_UNAVAILABLE",
    });
    expect(
      await adminCall(t.app, "follow/close", { productId: created.id, reason: "again" }, staff.headers),
    ).toMatchObject({ code: "PRODUCT_UNAVAILABLE" });
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `followProduct:${created.id}`));
    expect(actions.map((r) => r.action)).toEqual(
      expect.arrayContaining(["follow.save", "follow.trade", "follow.close"]),
    );
    const detail = await adminDetail(created.id);
    expect(detail.holdings).toHaveLength(1);
  });

  it("publishes each product's loss share by ESMA's method, equal to a hand count of its followers", async () => {
    const created = await createProduct(t, staff, productBody(t, leaderAccount));
    const copy = `copy:${created.id}` as const;
    // a: redeems on the rise (a gain). b: holds to the end time after the fall (a loss). c: bought after the
    // rise, paid out after the fall (a loss). d: asks and is refunded before any mark (no units: not counted).
    const [a, b, c, d] = (await Promise.all(
      Array.from({ length: 4 }, () => trader(t, { currency: "USD", amount: "2000.00" })),
    )) as [Trader, Trader, Trader, Trader];
    const aBuy = await buyOk(t, a, { productId: created.id, amount: "1000.00" });
    await buyOk(t, b, { productId: created.id, amount: "1000.00" });
    const dBuy = await buyOk(t, d, { productId: created.id, amount: "500.00" });
    expect(await follow(t, d, "redeem", { holdingId: dBuy.id, idempotencyKey: newKey() })).toMatchObject({
      status: 1,
    });
    await markRound(t);
    // The portfolio goes long at 2x: its account is the product's, never counted as a retail account (nor
    // asked to acknowledge the warning: staff place its orders).
    const long = { symbol: "BTCUSD", direction: "long", leverage: 2 };
    await tradeOk(t, staff, created.id, { ...long, quantity: "20" });
    board.set("BTCUSD", "110.00");
    await markRound(t);
    expect(await follow(t, a, "redeem", { holdingId: aBuy.id, idempotencyKey: newKey() })).toMatchObject({
      status: 1,
    });
    await markRound(t);
    await buyOk(t, c, { productId: created.id, amount: "1000.00" });
    await markRound(t);
    await tradeOk(t, staff, created.id, { ...long, quantity: "15" });
    board.set("BTCUSD", "90.00");
    await markRound(t);
    t.clock.advance(72 * HOUR);
    await t.app.tradingEngine.round();
    const ended = await Promise.all([a, b, c].map(async (who) => (await holdingsOf(t, who))[0]));
    expect(ended.map((h) => h?.state)).toEqual(["redeemed", "paidOut", "paidOut"]);
    // Hand count: a was paid more than it paid in, b and c less; d never held units. 2 of 3.
    expect(
      ended.map((h) =>
        money(h?.payout ?? "0")
          .minus("1000.00")
          .isNegative(),
      ),
    ).toEqual([false, true, true]);

    t.clock.set("2026-04-02T08:00:00Z");
    const viewer = await trader(t);
    const shown = await call(t.app, "risk/disclosure", { product: copy }, viewer.session.headers);
    expect(shown).toMatchObject({
      status: 1,
      data: {
        product: copy,
        accounts: 3,
        lost: 2,
        lostShare: "0.6667",
        from: "2025-04-01T00:00:00.000Z",
        to: "2026-04-01T00:00:00.000Z",
        daily: { accounts: 3, lost: 2, lostShare: "0.6667" },
        acknowledgedAt: null,
      },
    });
    // The leveraged figure leaves the portfolio's 2x position out (its followers count here instead).
    const leveraged = await new RiskStatistics({
      db: t.database.db,
      clock: t.clock,
      market: t.app.market,
    }).results("leveraged", new Date("2025-04-01T00:00:00Z"), new Date("2026-04-01T00:00:00Z"));
    const row = await productRow(t, created.id);
    expect(leveraged.some((r) => r.account === row.portfolioUserId)).toBe(false);
    // An unknown product, a malformed key, and a copy product's warning is not one to acknowledge.
    expect(
      await call(t.app, "risk/disclosure", { product: `copy:${randomUUID()}` }, viewer.session.headers),
    ).toMatchObject({ code: "NOT_FOUND" });
    expect(
      await call(t.app, "risk/disclosure", { product: "copy:nope" }, viewer.session.headers),
    ).toMatchObject({ code: "INVALID_INPUT" });
    expect(await call(t.app, "risk/acknowledge", { product: copy }, viewer.session.headers)).toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  it("lets only staff with follow.manage in, and refuses malformed bodies", async () => {
    const support = await operator(t, "support");
    expect(await adminCall(t.app, "follow/list", {}, support.headers)).toMatchObject({ code: "FORBIDDEN" });
    expect(await adminCall(t.app, "follow/list", {}, staff.headers)).toMatchObject({ status: 1 });
    expect(
      await adminCall(
        t.app,
        "follow/save",
        { ...productBody(t, leaderAccount), leaderAccount: "nobody_here" },
        staff.headers,
      ),
    ).toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
    expect(await adminCall(t.app, "follow/trade", { productId: "x" }, staff.headers)).toMatchObject({
      code: "INVALID_INPUT",
    });
    const a = await trader(t);
    expect(await follow(t, a, "product", { id: randomUUID() })).toMatchObject({
      code: "PRODUCT_UNAVAILABLE",
    });
    expect(await follow(t, a, "mine", { cursor: "bad" })).toMatchObject({ code: "INVALID_INPUT" });
  });
});

async function adminDetail(productId: string, who: StaffLogin = staff): Promise<AdminFollowDetail> {
  const answer = await adminCall(t.app, "follow/detail", { productId }, who.headers);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as AdminFollowDetail;
}
