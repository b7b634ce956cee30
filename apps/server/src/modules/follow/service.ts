import { randomUUID } from "node:crypto";
import {
  FOLLOW_PAGE_SIZE,
  type FollowBuyRequest,
  type FollowHolding,
  type FollowHoldingPage,
  type FollowNavResponse,
  type FollowPeriod,
  type FollowPreview,
  type FollowPreviewRequest,
  type FollowProduct,
  type FollowProductDetail,
  type FollowProductPage,
  type FollowRedeemRequest,
} from "@brokerage/api";
import {
  money,
  scaleOf,
  stopValueOf,
  toBookedString,
  toChargedString,
  transfer,
  unitsFor,
  userAccount,
  type MarketDataProvider,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { BIGINT_SEQ_MAX, seqCursor, seqPage } from "../../lib/cursor.js";
import { DomainError } from "../../lib/errors.js";
import { verifyPassword } from "../../lib/password.js";
import { availableOf, book, findTrader, idempotent, refuseAccount } from "../ledger/index.js";
import { COPIER_PERIODS, copierResultsOf, figuresOf, periodStart } from "./figures.js";
import { portfolioNow, toFollowPosition } from "./portfolio.js";
import * as repo from "./repository.js";
import { feesOf, toHolding, toProduct } from "./view.js";

export interface FollowDeps {
  db: Db;
  clock: Clock;
  market: MarketDataProvider;
}

const productsCursor = seqCursor("flp", BIGINT_SEQ_MAX);
const mineCursor = seqCursor("flh", BIGINT_SEQ_MAX);

/** What a follow entry is booked under (fund records name it). */
export const holdingReference = (holdingId: string) => `follow:${holdingId}`;

/** The NAV marks a chart gets at most: evenly thinned, the last always kept. */
const NAV_POINTS_MAX = 500;

const WINDOW_REFUSALS = new Set(["PRODUCT_UNAVAILABLE", "NOT_YET_OPEN", "FOLLOW_TIME_EXCEEDED"]);

/** The refusal of a buy of `amount` in `product` at `now`, or null (the channel password aside). */
function buyRefusal(product: repo.ProductRow | undefined, amount: string, now: Date) {
  if (!product || product.state !== "active") return new DomainError("PRODUCT_UNAVAILABLE");
  if (now.getTime() < product.opensAt.getTime()) return new DomainError("NOT_YET_OPEN");
  if (now.getTime() >= product.closesAt.getTime()) return new DomainError("FOLLOW_TIME_EXCEEDED");
  if (money(amount).decimalPlaces() > scaleOf(product.currency))
    return new DomainError("INVALID_INPUT", { field: "amount" });
  if (money(amount).lessThan(product.minBuy))
    return new DomainError("BELOW_MIN_BUY", { min: toBookedString(product.minBuy, product.currency) });
  if (product.maxBuy !== null && money(amount).greaterThan(product.maxBuy))
    return new DomainError("AMOUNT_ABOVE_MAX", { max: toBookedString(product.maxBuy, product.currency) });
  return null;
}

/**
 * Copy trading for users (DESIGN §4.1 "Copy trading"): the products with their measured figures, one
 * product with its record, the buy sheet's preview, the buy (the amount held until the next mark buys
 * units), the user's holdings and the redemption. The marks (marks.ts) move the money at the NAV.
 */
export class FollowService {
  constructor(private readonly deps: FollowDeps) {}

  async products(cursor?: string): Promise<FollowProductPage> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const beforeSeq = cursor === undefined ? undefined : productsCursor.decode(cursor);
    const rows = await repo.productsPage(db, { beforeSeq, limit: FOLLOW_PAGE_SIZE + 1 });
    const shown = rows.slice(0, FOLLOW_PAGE_SIZE);
    const views = new Map<string, FollowProduct>();
    for (const view of await this.views(shown, now)) views.set(view.id, view);
    return seqPage(
      rows,
      FOLLOW_PAGE_SIZE,
      productsCursor,
      (r) => r.seq,
      (r) => views.get(r.id) as FollowProduct,
    );
  }

  /** Products as listed, each with its measured figures. */
  async views(rows: readonly repo.ProductRow[], now: Date): Promise<FollowProduct[]> {
    const { db } = this.deps;
    const [leaders, followers] = await Promise.all([
      repo.accountsOf(
        db,
        rows.map((r) => r.leaderUserId),
      ),
      repo.followerCounts(
        db,
        rows.map((r) => r.id),
      ),
    ]);
    const views: FollowProduct[] = [];
    for (const row of rows)
      views.push(
        toProduct(
          row,
          await figuresOf(db, row, now),
          { leaderName: leaders.get(row.leaderUserId) ?? "", followers: followers.get(row.id) ?? 0 },
          now,
        ),
      );
    return views;
  }

  async product(id: string): Promise<FollowProductDetail> {
    const { db, clock, market } = this.deps;
    const now = clock.now();
    const row = await repo.findProduct(db, id);
    if (!row) throw new DomainError("PRODUCT_UNAVAILABLE");
    const [view] = await this.views([row], now);
    const figures = await figuresOf(db, row, now);
    const holdings = await repo.allHoldingsOf(db, row.id);
    const first = figures.first;
    const copierResults = [];
    for (const period of COPIER_PERIODS)
      copierResults.push(await copierResultsOf(db, row, holdings, period, now, first));
    const portfolio = await portfolioNow(db, market, row, now);
    return {
      ...(view as FollowProduct),
      strategy: row.strategy,
      navSeries: figures.daily.map((d) => ({ at: d.at.toISOString(), nav: money(d.nav).toFixed() })),
      drawdowns: figures.drawdowns,
      risk: figures.risk,
      copierResults,
      fees: feesOf(row),
      portfolio: {
        cash: portfolio.cash,
        positionsValue: portfolio.positionsValue,
        value: portfolio.value,
        positions: portfolio.positions.map(toFollowPosition),
      },
    };
  }

  async nav(id: string, period: FollowPeriod): Promise<FollowNavResponse> {
    const { db, clock } = this.deps;
    const row = await repo.findProduct(db, id);
    if (!row) throw new DomainError("PRODUCT_UNAVAILABLE");
    const now = clock.now();
    const marks = await repo.navsOf(db, id, period === "all" ? undefined : periodStart(period, now, null));
    const step = Math.max(1, Math.ceil(marks.length / NAV_POINTS_MAX));
    const points = marks
      .filter((_, i) => i % step === 0 || i === marks.length - 1)
      .map((m) => ({ at: m.at.toISOString(), nav: money(m.nav).toFixed() }));
    return { period, points };
  }

  async preview(userId: string, request: FollowPreviewRequest): Promise<FollowPreview> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const row = await repo.findProduct(db, request.productId);
    if (!row) throw new DomainError("PRODUCT_UNAVAILABLE");
    const refusal = buyRefusal(row, request.amount, now);
    if (refusal?.code === "INVALID_INPUT") throw refusal;
    const available = await availableOf(db, userId, row.currency);
    const figures = await figuresOf(db, row, now);
    const holdings = await repo.allHoldingsOf(db, row.id);
    const copiers = await copierResultsOf(db, row, holdings, "1Y", now, figures.first);
    const amount = toBookedString(request.amount, row.currency);
    const short = refusal === null && money(amount).greaterThan(available);
    return {
      productId: row.id,
      currency: row.currency as FollowPreview["currency"],
      amount,
      buyCharge: toBookedString("0", row.currency),
      nav: money(row.nav).toFixed(),
      navAt: row.navAt?.toISOString() ?? null,
      unitsAtLatestNav: unitsFor(amount, row.nav),
      stopValue: stopValueOf(amount, request.copyStopLoss, row.currency),
      managementFeeAYear: toChargedString(money(amount).times(row.managementFeeRate), row.currency),
      fees: feesOf(row),
      risk: figures.risk,
      copierResults: copiers,
      available,
      minBuy: toBookedString(row.minBuy, row.currency),
      maxBuy: row.maxBuy === null ? null : toBookedString(row.maxBuy, row.currency),
      closesAt: row.closesAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      earlyRedeem: row.earlyRedeem,
      private: row.private,
      refusal: short
        ? "INSUFFICIENT_AVAILABLE"
        : ((refusal?.code as Exclude<FollowPreview["refusal"], "INSUFFICIENT_AVAILABLE">) ?? null),
    };
  }

  /**
   * Buys under the request's idempotency key, in one transaction: the account's standing, the product's
   * state and window, the channel password, the amount's bounds, then the hold of the amount (entry
   * `copyBuy`, available → held; INSUFFICIENT_AVAILABLE) and the pending holding. Units come at the next mark.
   */
  async buy(userId: string, request: FollowBuyRequest): Promise<FollowHolding> {
    const { db, clock } = this.deps;
    const { idempotencyKey, ...asked } = request;
    const call = { owner: `user:${userId}`, key: idempotencyKey, request: asked };
    return idempotent(db, clock, call, async (tx) => {
      const at = clock.now();
      refuseAccount(await findTrader(tx, userId), { trade: true });
      // Shared: a close of the product waits for this buy (and then refunds it), never misses it.
      const product = await repo.findProduct(tx, request.productId, "share");
      const refusal = buyRefusal(product, request.amount, at);
      // The product's state and window come before the channel password, the amount after it.
      if (!product || (refusal && WINDOW_REFUSALS.has(refusal.code)))
        throw refusal ?? new DomainError("PRODUCT_UNAVAILABLE");
      if (product.private) {
        const given = request.channelPassword;
        const right = given !== undefined && (await verifyPassword(product.channelPasswordHash ?? "", given));
        if (!right) throw new DomainError("CHANNEL_PASSWORD_WRONG");
      }
      if (refusal) throw refusal;
      const amount = toBookedString(request.amount, product.currency);
      const id = randomUUID();
      await book(tx, {
        entry: transfer(
          "copyBuy",
          userAccount(userId, product.currency),
          userAccount(userId, product.currency, "held"),
          amount,
        ),
        userId,
        reference: holdingReference(id),
        idempotencyKey: `follow-hold-${id}`,
        cause: { by: "user" },
        at,
        insufficient: (_i, available) =>
          new DomainError("INSUFFICIENT_AVAILABLE", {
            available: toBookedString(available, product.currency),
          }),
      });
      const holding = await repo.insertHolding(tx, {
        id,
        productId: product.id,
        userId,
        state: "pending",
        amount,
        copyStopLoss: request.copyStopLoss,
        stopValue: stopValueOf(amount, request.copyStopLoss, product.currency),
        createdAt: at,
      });
      return toHolding(holding, product);
    });
  }

  async mine(userId: string, cursor?: string): Promise<FollowHoldingPage> {
    const { db } = this.deps;
    const beforeSeq = cursor === undefined ? undefined : mineCursor.decode(cursor);
    const rows = await repo.holdingsPage(db, { userId, beforeSeq, limit: FOLLOW_PAGE_SIZE + 1 });
    const products = new Map(
      (
        await repo.productsByIds(
          db,
          rows.map((r) => r.productId),
        )
      ).map((p) => [p.id, p]),
    );
    return seqPage(
      rows,
      FOLLOW_PAGE_SIZE,
      mineCursor,
      (r) => r.seq,
      (r) => toHolding(r, products.get(r.productId) as repo.ProductRow),
    );
  }

  /**
   * Redeems under the request's key: a pending holding is refunded whole at once; an active one (where the
   * product allows early redemption) is paid at the next mark (`redeeming`).
   */
  async redeem(userId: string, request: FollowRedeemRequest): Promise<FollowHolding> {
    const { db, clock } = this.deps;
    const call = {
      owner: `user:${userId}`,
      key: request.idempotencyKey,
      request: { holdingId: request.holdingId },
    };
    return idempotent(db, clock, call, async (tx) => {
      const at = clock.now();
      const holding = await repo.lockHolding(tx, request.holdingId, userId);
      if (!holding) throw new DomainError("NOT_FOUND");
      const product = await repo.findProduct(tx, holding.productId, "share");
      if (!product) throw new DomainError("NOT_FOUND");
      if (holding.state === "pending") {
        await book(tx, {
          entry: transfer(
            "copyPayout",
            userAccount(userId, product.currency, "held"),
            userAccount(userId, product.currency),
            toBookedString(holding.amount, product.currency),
          ),
          userId,
          reference: holdingReference(holding.id),
          idempotencyKey: `follow-refund-${holding.id}`,
          cause: { by: "user" },
          at,
        });
        const ended = await repo.updateHolding(tx, holding.id, "pending", {
          state: "redeemed",
          endedAt: at,
          payout: holding.amount,
          endReason: "redeemed",
        });
        if (!ended) throw new DomainError("ORDER_STATE_INVALID");
        return toHolding(ended, product);
      }
      if (!product.earlyRedeem && (holding.state === "active" || holding.state === "redeeming"))
        throw new DomainError("FOLLOW_REDEEM_NOT_ALLOWED");
      if (holding.state !== "active" || product.state !== "active")
        throw new DomainError("ORDER_STATE_INVALID");
      const asked = await repo.updateHolding(tx, holding.id, "active", {
        state: "redeeming",
        redeemRequestedAt: at,
        endReason: "redeemed",
      });
      if (!asked) throw new DomainError("ORDER_STATE_INVALID");
      return toHolding(asked, product);
    });
  }
}
