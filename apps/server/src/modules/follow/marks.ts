import {
  FOLLOW_END_AUDIT,
  type ClosePositionRequest,
  type MessageKind,
  type PlaceOrderRequest,
  type TradeOrder,
} from "@brokerage/api";
import {
  allocateByUnits,
  markNav,
  money,
  platformAccount,
  settleFees,
  stopLossReached,
  toBookedString,
  transfer,
  unitsFor,
  userAccount,
  type Money,
} from "@brokerage/core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/index.js";
import { MINUTE } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { recordSystemAction } from "../audit/index.js";
import { book } from "../ledger/index.js";
import { MessageService } from "../messages/index.js";
import { productTarget } from "./admin-service.js";
import { portfolioNow } from "./portfolio.js";
import * as repo from "./repository.js";
import { holdingReference, type FollowDeps } from "./service.js";

/** What copy trading uses of the trading service: a product's portfolio trades as any account does. */
export interface PortfolioTrading {
  placeOrder(userId: string, request: PlaceOrderRequest): Promise<TradeOrder>;
  requestClose(userId: string, request: ClosePositionRequest): Promise<TradeOrder>;
  cancelOrder(userId: string, orderId: string): Promise<TradeOrder>;
}

/** A product is marked at most this often (a mark is a row of its NAV history). */
export const FOLLOW_MARK_INTERVAL_MS = MINUTE;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

type Ending = { state: "paidOut" | "closedOut"; reason: "endTime" | "closed"; kind: MessageKind };

/**
 * The NAV marks (a task of the matching engine's rounds, run by the scheduler's leader on the injected
 * clock; docs/copy-trading.md). For each product taking buys, running or closing, at most once a
 * FOLLOW_MARK_INTERVAL_MS (sooner when buys wait for their units: at the next round) and only when every
 * position of its portfolio has a current price, one
 * transaction: the portfolio's value from its ledger balances (locked, so no booking of its trades lands
 * in between) and its positions; the NAV (core `markNav`, fees accrued); then, at that NAV, the holdings
 * whose copy stop-loss is reached and those asked to be redeemed are paid (as far as the free cash goes:
 * the rest is paid at a later mark, and positions are closed for it), the fees of the day before are
 * settled at a day's first mark, and the pending buys get their units. From the end time (or a close by
 * staff) the portfolio's positions are closed through the normal close path; the first mark with none
 * open pays every holding out and ends the product.
 */
export class FollowMarks {
  readonly name = "follow.marks";

  constructor(private readonly deps: FollowDeps & { trading: PortfolioTrading; log?: FastifyBaseLogger }) {}

  standDown(): void {}

  async round(at: Date = this.deps.clock.now()): Promise<void> {
    for (const { id } of await repo.liveProducts(this.deps.db)) {
      try {
        await this.markProduct(id, at);
      } catch (error) {
        this.deps.log?.error({ err: error, productId: id }, "a copy product's mark failed");
      }
    }
  }

  /** Marks one product now if it is due (or `force`d), closing its positions first when it is ending. */
  async markProduct(id: string, at: Date, force = false): Promise<void> {
    const { db } = this.deps;
    let product = await repo.findProduct(db, id);
    if (!product || (product.state !== "active" && product.state !== "closing")) return;
    if (product.state === "active" && at.getTime() >= product.endsAt.getTime()) {
      product = await db.transaction(async (tx) => {
        const row = await repo.findProduct(tx, id, "update");
        if (row?.state !== "active") return row;
        await recordSystemAction(tx, {
          action: FOLLOW_END_AUDIT,
          target: productTarget(id),
          reason: "end time reached",
          details: { endsAt: row.endsAt.toISOString(), units: row.units, nav: row.nav },
          at,
        });
        return repo.updateProduct(tx, id, { state: "closing", closedAt: at, updatedAt: at });
      });
      force = true;
    }
    if (!product) return;
    if (product.state === "closing") await this.closePositions(product, at);
    // A pending buy is given its units at the next round's mark ("at the next NAV"), not up to a minute
    // later: the interval spaces the marks of a product nobody is buying into.
    const due =
      force ||
      !product.navAt ||
      at.getTime() - product.navAt.getTime() >= FOLLOW_MARK_INTERVAL_MS ||
      (product.state === "active" && money(await repo.pendingAmount(db, id)).greaterThan(0));
    if (!due) return;
    const shortfall = await db.transaction((tx) => this.mark(tx, id, at));
    if (shortfall.greaterThan(0)) await this.raiseCash(id, shortfall, at);
  }

  /** Asks the close of every open position of an ending product and cancels its waiting orders. */
  async closePositions(product: repo.ProductRow, at: Date): Promise<void> {
    const { db, trading, log } = this.deps;
    const orders = await repo.portfolioOrders(db, product.portfolioUserId, ["pending", "open"]);
    for (const order of orders) {
      try {
        if (order.state === "pending") await trading.cancelOrder(product.portfolioUserId, order.id);
        else
          await trading.requestClose(product.portfolioUserId, {
            positionId: order.id,
            idempotencyKey: `follow-close-${order.id}`,
          });
      } catch (error) {
        // A locked position (or a price missing now) is tried again at the next round.
        if (!(error instanceof DomainError)) throw error;
        log?.info(
          { productId: product.id, orderId: order.id, code: error.code, at },
          "a copy position waits",
        );
      }
    }
  }

  /** Closes the portfolio's positions, oldest first, until their value covers the redemptions due. */
  private async raiseCash(id: string, shortfall: Money, at: Date): Promise<void> {
    const { db, market, trading, log } = this.deps;
    const product = await repo.findProduct(db, id);
    if (!product) return;
    const portfolio = await portfolioNow(db, market, product, at);
    let raised = money(0);
    for (const position of portfolio.positions) {
      if (raised.greaterThanOrEqualTo(shortfall)) break;
      if (position.state !== "open") continue;
      try {
        await trading.requestClose(product.portfolioUserId, {
          positionId: position.id,
          idempotencyKey: `follow-close-${position.id}`,
        });
        raised = raised.plus(position.margin).plus(position.pnlGross ?? "0");
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        log?.info({ productId: id, orderId: position.id, code: error.code }, "a copy position waits");
      }
    }
  }

  /** One mark, in `tx`; answers what the redemptions due could not be paid with (zero: all paid). */
  private async mark(tx: Db, id: string, at: Date): Promise<Money> {
    const { market, clock } = this.deps;
    const product = await repo.findProduct(tx, id, "update");
    if (!product || (product.state !== "active" && product.state !== "closing")) return money(0);
    const { currency, portfolioUserId: portfolio } = product;
    const now = await portfolioNow(tx, market, product, at, true);
    if (!now.complete) return money(0);
    const elapsed = product.navAt ? Math.max(0, at.getTime() - product.navAt.getTime()) : 0;
    const marked = markNav(
      {
        currency,
        units: product.units,
        accruedManagement: product.accruedManagement,
        accruedPerformance: product.accruedPerformance,
        highWaterMark: product.highWaterMark,
      },
      { managementFeeRate: product.managementFeeRate, performanceFeeRate: product.performanceFeeRate },
      now.value,
      elapsed,
      product.nav,
    );
    const holdings = await repo.holdingsOf(tx, id, repo.LIVE_HOLDING_STATES, true);
    const withUnits = holdings.filter((h) => h.state !== "pending");
    const values = allocateByUnits(
      marked.netAssets,
      withUnits.map((h) => h.units ?? "0"),
      currency,
    );
    const messages = new MessageService({ db: tx, clock });
    let available = money(now.available);
    let units = money(product.units);
    let shortfall = money(0);
    const accrued = { m: marked.accruedManagement, p: marked.accruedPerformance };
    let hwm = marked.highWaterMark;
    let leaderPaid = money(product.leaderPaid);
    let platformPaid = money(product.platformPaid);
    let settledDay = product.feesSettledDay;

    const pay = async (
      h: repo.HoldingRow,
      value: string,
      ending: string,
      reason: repo.HoldingRow["endReason"],
    ) => {
      if (money(value).greaterThan(0))
        await book(tx, {
          entry: transfer(
            "copyPayout",
            userAccount(portfolio, currency),
            userAccount(h.userId, currency),
            value,
          ),
          userId: h.userId,
          reference: holdingReference(h.id),
          idempotencyKey: `follow-payout-${h.id}`,
          cause: { by: "system" },
          at,
        });
      const ended = await repo.updateHolding(tx, h.id, h.state, {
        state: ending as repo.HoldingRow["state"],
        endedAt: at,
        payoutNav: marked.nav,
        payout: value,
        endReason: reason,
      });
      if (!ended) throw new Error(`holding ${h.id} changed under the mark`);
      available = available.minus(value);
      units = units.minus(h.units ?? "0");
    };
    const tell = (h: repo.HoldingRow, kind: MessageKind, value: string) =>
      messages.send(tx, {
        userId: h.userId,
        kind,
        params: {
          product: product.name,
          payout: toBookedString(value, currency),
          currency,
          nav: marked.nav,
          stopValue: toBookedString(h.stopValue, currency),
          reason: product.closeReason ?? "",
        },
      });
    const settle = async () => {
      const fees = settleFees({ ...marked, highWaterMark: hwm }, product.leaderShare, currency);
      const total = money(fees.leader).plus(fees.platform);
      if (total.greaterThan(available)) return;
      if (money(fees.leader).greaterThan(0))
        await book(tx, {
          entry: transfer(
            "copyRebate",
            userAccount(portfolio, currency),
            userAccount(product.leaderUserId, currency),
            fees.leader,
          ),
          userId: product.leaderUserId,
          reference: `followProduct:${product.id}`,
          idempotencyKey: `follow-rebate-${product.id}-${at.getTime()}`,
          cause: { by: "system" },
          at,
        });
      if (money(fees.platform).greaterThan(0))
        await book(tx, {
          entry: transfer(
            "copyFee",
            userAccount(portfolio, currency),
            platformAccount("fees", currency),
            fees.platform,
          ),
          userId: portfolio,
          reference: `followProduct:${product.id}`,
          idempotencyKey: `follow-fee-${product.id}-${at.getTime()}`,
          cause: { by: "system" },
          at,
        });
      available = available.minus(total);
      leaderPaid = leaderPaid.plus(fees.leader);
      platformPaid = platformPaid.plus(fees.platform);
      accrued.m = toBookedString("0", currency);
      accrued.p = toBookedString("0", currency);
      hwm = fees.highWaterMark;
      settledDay = utcDay(at);
    };

    let state: repo.ProductRow["state"] = product.state;
    if (product.state === "closing" && now.openOrders === 0) {
      // The end: fees first, then every holding its share of the net assets, pending buys back whole.
      await settle();
      const ending: Ending =
        product.closeReason !== null
          ? { state: "closedOut", reason: "closed", kind: "followClosed" }
          : { state: "paidOut", reason: "endTime", kind: "followPaidOut" };
      for (const [i, h] of withUnits.entries()) {
        const value = values[i] ?? "0";
        await pay(h, value, ending.state, ending.reason);
        await tell(h, ending.kind, value);
      }
      for (const h of holdings.filter((x) => x.state === "pending")) {
        await book(tx, {
          entry: transfer(
            "copyPayout",
            userAccount(h.userId, currency, "held"),
            userAccount(h.userId, currency),
            toBookedString(h.amount, currency),
          ),
          userId: h.userId,
          reference: holdingReference(h.id),
          idempotencyKey: `follow-refund-${h.id}`,
          cause: { by: "system" },
          at,
        });
        await repo.updateHolding(tx, h.id, "pending", {
          state: ending.state,
          endedAt: at,
          payout: h.amount,
          endReason: ending.reason,
        });
        await tell(h, ending.kind, h.amount);
      }
      state = product.closeReason !== null ? "closed" : "ended";
    } else {
      for (const [i, h] of withUnits.entries()) {
        const value = values[i] ?? "0";
        const stopped = h.state === "active" && stopLossReached(value, h.stopValue);
        const asked = h.state === "redeeming";
        if (!stopped && !asked) continue;
        const reason = stopped ? "stopLoss" : (h.endReason ?? "redeemed");
        if (money(value).greaterThan(available)) {
          shortfall = shortfall.plus(value);
          // Reached: it is paid at the first mark with the cash, whatever the NAV does meanwhile.
          if (stopped)
            await repo.updateHolding(tx, h.id, "active", {
              state: "redeeming",
              redeemRequestedAt: at,
              endReason: "stopLoss",
            });
          continue;
        }
        const stoppedOut = reason === "stopLoss";
        await pay(h, value, stoppedOut ? "stoppedOut" : "redeemed", reason);
        await tell(h, stoppedOut ? "followStopLoss" : "followRedeemed", value);
      }
      if (settledDay !== utcDay(at)) await settle();
      if (product.state === "active")
        for (const h of holdings.filter((x) => x.state === "pending")) {
          const bought = unitsFor(h.amount, marked.nav);
          if (!money(bought).greaterThan(0)) continue;
          await book(tx, {
            entry: transfer(
              "copyBuy",
              userAccount(h.userId, currency, "held"),
              userAccount(portfolio, currency),
              toBookedString(h.amount, currency),
            ),
            userId: h.userId,
            reference: holdingReference(h.id),
            idempotencyKey: `follow-buy-${h.id}`,
            cause: { by: "system" },
            at,
          });
          await repo.updateHolding(tx, h.id, "pending", {
            state: "active",
            units: bought,
            buyNav: marked.nav,
            since: at,
          });
          units = units.plus(bought);
        }
    }
    await repo.insertNav(tx, {
      productId: id,
      at,
      nav: marked.nav,
      value: marked.value,
      units: product.units,
      accruedFees: money(marked.accruedManagement).plus(marked.accruedPerformance).toFixed(),
    });
    await repo.updateProduct(tx, id, {
      state,
      units: units.toFixed(),
      nav: marked.nav,
      navAt: at,
      highWaterMark: hwm,
      accruedManagement: accrued.m,
      accruedPerformance: accrued.p,
      leaderPaid: leaderPaid.toFixed(),
      platformPaid: platformPaid.toFixed(),
      feesSettledDay: settledDay,
      updatedAt: at,
    });
    return shortfall;
  }
}
