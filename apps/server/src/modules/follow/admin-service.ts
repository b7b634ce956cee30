import { randomBytes } from "node:crypto";
import {
  ADMIN_PAGE_SIZE,
  FOLLOW_CANCEL_ORDER_AUDIT,
  FOLLOW_CLOSE_AUDIT,
  FOLLOW_CLOSE_POSITION_AUDIT,
  FOLLOW_DETAIL_AUDIT,
  FOLLOW_LIST_AUDIT,
  FOLLOW_SAVE_AUDIT,
  FOLLOW_TRADE_AUDIT,
  type AdminFollowCancelOrderRequest,
  type AdminFollowCloseRequest,
  type AdminFollowClosePositionRequest,
  type AdminFollowDetail,
  type AdminFollowPage,
  type AdminFollowProduct,
  type AdminFollowSaveRequest,
  type AdminFollowTradeRequest,
  type TradeOrder,
} from "@brokerage/api";
import { money, scaleOf, toBookedString } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { BIGINT_SEQ_MAX, seqCursor } from "../../lib/cursor.js";
import { DomainError } from "../../lib/errors.js";
import { hashPassword } from "../../lib/password.js";
import { recordStaffAction } from "../audit/index.js";
import type { StaffAuth } from "../staff/index.js";
import { toTradeOrder } from "../trading/index.js";
import { inviteCodeTaken } from "../user/index.js";
import { COPIER_PERIODS, copierResultsOf, figuresOf } from "./figures.js";
import type { FollowMarks, PortfolioTrading } from "./marks.js";
import { portfolioNow, toFollowPosition } from "./portfolio.js";
import * as repo from "./repository.js";
import type { FollowDeps, FollowService } from "./service.js";
import { feesOf, toHolding } from "./view.js";

export const productTarget = (id: string) => `followProduct:${id}`;

const cursor = seqCursor("fla", BIGINT_SEQ_MAX);

/** The fields of a product that are fixed once it is created (its followers agreed to them). */
const FIXED = [
  "currency",
  "leaderAccount",
  "managementFeeRate",
  "performanceFeeRate",
  "leaderShare",
  "endsAt",
] as const;

/**
 * The back office's copy products (permission follow.manage): list (audited read), detail (audited read of
 * the followers' holdings), create or change a product, trade its portfolio through the normal order path,
 * close it. Nothing here writes a NAV, a unit count or a result: the marks do, from the ledger.
 */
export class FollowAdminService {
  constructor(
    private readonly deps: FollowDeps & {
      trading: PortfolioTrading;
      marks: FollowMarks;
      users: FollowService;
    },
  ) {}

  private async view(db: Db, row: repo.ProductRow, now: Date): Promise<AdminFollowProduct> {
    const { market, users } = this.deps;
    const [base] = await users.views([row], now);
    if (!base) throw new Error("no view of the product");
    const portfolio = await portfolioNow(db, market, row, now);
    const accounts = await repo.accountsOf(db, [row.leaderUserId, row.portfolioUserId]);
    const staff = await repo.staffAccountsOf(db, [row.createdBy]);
    return {
      ...base,
      strategy: row.strategy,
      state: row.state,
      leaderAccount: accounts.get(row.leaderUserId) ?? "",
      portfolioAccount: accounts.get(row.portfolioUserId) ?? "",
      cash: portfolio.cash,
      portfolioValue: portfolio.value,
      accruedFees: toBookedString(money(row.accruedManagement).plus(row.accruedPerformance), row.currency),
      pendingAmount: toBookedString(await repo.pendingAmount(db, row.id), row.currency),
      createdBy: staff.get(row.createdBy) ?? "",
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
    };
  }

  async list(staff: StaffAuth, after?: string): Promise<AdminFollowPage> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const beforeSeq = after === undefined ? undefined : cursor.decode(after);
    const rows = await repo.productsPage(db, { beforeSeq, limit: ADMIN_PAGE_SIZE + 1 });
    const shown = rows.slice(0, ADMIN_PAGE_SIZE);
    const items: AdminFollowProduct[] = [];
    for (const row of shown) items.push(await this.view(db, row, now));
    const last = shown.at(-1);
    await recordStaffAction(db, staff, {
      action: FOLLOW_LIST_AUDIT,
      target: "followProducts",
      details: { cursor: after ?? null, shown: items.map((i) => i.id) },
      at: now,
    });
    return { items, nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? cursor.encode(last.seq) : null };
  }

  async detail(staff: StaffAuth, productId: string): Promise<AdminFollowDetail> {
    const { db, clock, market } = this.deps;
    const now = clock.now();
    const row = await repo.findProduct(db, productId);
    if (!row) throw new DomainError("NOT_FOUND");
    const product = await this.view(db, row, now);
    const portfolio = await portfolioNow(db, market, row, now);
    const orders = (await repo.portfolioOrders(db, row.portfolioUserId)).map((o) => toTradeOrder(o, market));
    const holdings = await repo.allHoldingsOf(db, row.id, 500);
    const accounts = await repo.accountsOf(
      db,
      holdings.map((h) => h.userId),
    );
    const figures = await figuresOf(db, row, now);
    const first = figures.first;
    const copierResults = [];
    for (const period of COPIER_PERIODS)
      copierResults.push(await copierResultsOf(db, row, holdings, period, now, first));
    const shownHoldings = holdings
      .map((h) => {
        const { canRedeem: _c, productName: _p, ...view } = toHolding(h, row);
        return { ...view, account: accounts.get(h.userId) ?? "", userId: h.userId };
      })
      .sort((a, b) => Number(a.endedAt !== null) - Number(b.endedAt !== null));
    await recordStaffAction(db, staff, {
      action: FOLLOW_DETAIL_AUDIT,
      target: productTarget(row.id),
      details: { holdings: holdings.length },
      at: now,
    });
    return {
      product,
      portfolio: {
        cash: portfolio.cash,
        positionsValue: portfolio.positionsValue,
        value: portfolio.value,
        positions: portfolio.positions.map(toFollowPosition),
      },
      orders,
      holdings: shownHoldings,
      fees: feesOf(row),
      risk: figures.risk,
      copierResults,
      navSeries: figures.daily.map((d) => ({ at: d.at.toISOString(), nav: money(d.nav).toFixed() })),
    };
  }

  /**
   * Creates a product with its own portfolio account (a users row that cannot log in, its login and fund
   * passwords hashes of random secrets nobody holds), or changes the changeable terms of a live one.
   */
  async save(staff: StaffAuth, request: AdminFollowSaveRequest): Promise<AdminFollowProduct> {
    const { db, clock } = this.deps;
    const scale = scaleOf(request.currency);
    for (const field of ["minBuy", "maxBuy"] as const) {
      const value = request[field];
      if (value !== null && money(value).decimalPlaces() > scale)
        throw new DomainError("INVALID_INPUT", { field });
    }
    if (request.maxBuy !== null && money(request.maxBuy).lessThan(request.minBuy))
      throw new DomainError("INVALID_INPUT", { field: "maxBuy" });
    const leader = await repo.userByAccount(db, request.leaderAccount);
    if (!leader) throw new DomainError("ACCOUNT_NOT_FOUND");
    const channelHash =
      request.private && request.channelPassword !== undefined
        ? await hashPassword(request.channelPassword)
        : null;
    const secrets = await Promise.all([
      hashPassword(randomBytes(32).toString("base64url")),
      hashPassword(randomBytes(32).toString("base64url")),
    ]);
    const saved = await db.transaction(async (tx) => {
      const at = clock.now();
      const terms = {
        name: request.name,
        strategy: request.strategy,
        minBuy: request.minBuy,
        maxBuy: request.maxBuy,
        opensAt: new Date(request.opensAt),
        closesAt: new Date(request.closesAt),
        private: request.private,
        earlyRedeem: request.earlyRedeem,
        updatedAt: at,
      };
      let before: repo.ProductRow | null = null;
      let after: repo.ProductRow;
      if (request.id === undefined) {
        if (Date.parse(request.endsAt) <= at.getTime())
          throw new DomainError("INVALID_INPUT", { field: "endsAt" });
        if (request.private && channelHash === null)
          throw new DomainError("INVALID_INPUT", { field: "channelPassword" });
        let inviteCode = randomBytes(5).toString("hex").toUpperCase();
        while (await inviteCodeTaken(tx, inviteCode))
          inviteCode = randomBytes(5).toString("hex").toUpperCase();
        const portfolioUserId = await repo.insertPortfolioAccount(tx, {
          account: `copy_${randomBytes(6).toString("hex")}`,
          passwordHash: secrets[0],
          fundPasswordHash: secrets[1],
          inviteCode,
          at,
        });
        after = await repo.insertProduct(tx, {
          ...terms,
          leaderUserId: leader.id,
          portfolioUserId,
          currency: request.currency,
          endsAt: new Date(request.endsAt),
          channelPasswordHash: channelHash,
          managementFeeRate: request.managementFeeRate,
          performanceFeeRate: request.performanceFeeRate,
          leaderShare: request.leaderShare,
          createdBy: staff.id,
          createdAt: at,
        });
      } else {
        before = (await repo.findProduct(tx, request.id, "update")) ?? null;
        if (!before) throw new DomainError("NOT_FOUND");
        if (before.state !== "active") throw new DomainError("PRODUCT_UNAVAILABLE");
        const now = {
          currency: before.currency,
          leaderAccount: before.leaderUserId === leader.id ? request.leaderAccount : "",
          managementFeeRate: money(before.managementFeeRate).toFixed(),
          performanceFeeRate: money(before.performanceFeeRate).toFixed(),
          leaderShare: money(before.leaderShare).toFixed(),
          endsAt: before.endsAt.toISOString(),
        };
        const asked = {
          ...request,
          managementFeeRate: money(request.managementFeeRate).toFixed(),
          performanceFeeRate: money(request.performanceFeeRate).toFixed(),
          leaderShare: money(request.leaderShare).toFixed(),
          endsAt: new Date(request.endsAt).toISOString(),
        };
        if (FIXED.some((field) => now[field] !== asked[field])) throw new DomainError("FOLLOW_TERMS_FIXED");
        const hash = channelHash ?? (request.private ? before.channelPasswordHash : null);
        if (request.private && hash === null)
          throw new DomainError("INVALID_INPUT", { field: "channelPassword" });
        after = await repo.updateProduct(tx, request.id, { ...terms, channelPasswordHash: hash });
      }
      const shown = (row: repo.ProductRow | null) =>
        row && {
          name: row.name,
          minBuy: row.minBuy,
          maxBuy: row.maxBuy,
          opensAt: row.opensAt.toISOString(),
          closesAt: row.closesAt.toISOString(),
          endsAt: row.endsAt.toISOString(),
          private: row.private,
          earlyRedeem: row.earlyRedeem,
          fees: [row.managementFeeRate, row.performanceFeeRate, row.leaderShare],
        };
      await recordStaffAction(tx, staff, {
        action: FOLLOW_SAVE_AUDIT,
        target: productTarget(after.id),
        reason: request.reason,
        details: { before: shown(before), after: shown(after), channelPasswordChanged: channelHash !== null },
        at,
      });
      return after;
    });
    return this.view(db, saved, clock.now());
  }

  /** A live product's portfolio account (PRODUCT_UNAVAILABLE once it is ending, ended or closed). */
  private async liveProduct(productId: string): Promise<repo.ProductRow> {
    const row = await repo.findProduct(this.deps.db, productId);
    if (!row) throw new DomainError("NOT_FOUND");
    if (row.state !== "active") throw new DomainError("PRODUCT_UNAVAILABLE");
    return row;
  }

  private async audited(
    staff: StaffAuth,
    product: repo.ProductRow,
    action: string,
    reason: string,
    run: () => Promise<TradeOrder>,
    details: Record<string, unknown>,
  ): Promise<TradeOrder> {
    const { db, clock } = this.deps;
    const order = await run();
    await recordStaffAction(db, staff, {
      action,
      target: productTarget(product.id),
      reason,
      details: { ...details, orderId: order.id, state: order.state },
      at: clock.now(),
    });
    return order;
  }

  async trade(staff: StaffAuth, request: AdminFollowTradeRequest): Promise<TradeOrder> {
    const { productId, reason, ...order } = request;
    const product = await this.liveProduct(productId);
    return this.audited(
      staff,
      product,
      FOLLOW_TRADE_AUDIT,
      reason,
      () => this.deps.trading.placeOrder(product.portfolioUserId, order),
      { order },
    );
  }

  async closePosition(staff: StaffAuth, request: AdminFollowClosePositionRequest): Promise<TradeOrder> {
    const product = await this.liveProduct(request.productId);
    return this.audited(
      staff,
      product,
      FOLLOW_CLOSE_POSITION_AUDIT,
      request.reason,
      () =>
        this.deps.trading.requestClose(product.portfolioUserId, {
          positionId: request.positionId,
          idempotencyKey: request.idempotencyKey,
        }),
      { positionId: request.positionId },
    );
  }

  async cancelOrder(staff: StaffAuth, request: AdminFollowCancelOrderRequest): Promise<TradeOrder> {
    const product = await this.liveProduct(request.productId);
    return this.audited(
      staff,
      product,
      FOLLOW_CANCEL_ORDER_AUDIT,
      request.reason,
      () => this.deps.trading.cancelOrder(product.portfolioUserId, request.orderId),
      { orderId: request.orderId },
    );
  }

  /**
   * Closes a product: no more buys; its positions are closed through the normal close path, and the first
   * mark with none open pays every holding out at the NAV with the reason (now, when its markets trade).
   */
  async close(staff: StaffAuth, request: AdminFollowCloseRequest): Promise<AdminFollowProduct> {
    const { db, clock, marks } = this.deps;
    const closing = await db.transaction(async (tx) => {
      const at = clock.now();
      const row = await repo.findProduct(tx, request.productId, "update");
      if (!row) throw new DomainError("NOT_FOUND");
      if (row.state !== "active") throw new DomainError("PRODUCT_UNAVAILABLE");
      const after = await repo.updateProduct(tx, row.id, {
        state: "closing",
        closeReason: request.reason,
        closedAt: at,
        updatedAt: at,
      });
      await recordStaffAction(tx, staff, {
        action: FOLLOW_CLOSE_AUDIT,
        target: productTarget(row.id),
        reason: request.reason,
        details: { units: row.units, nav: row.nav },
        at,
      });
      return after;
    });
    await marks.markProduct(closing.id, clock.now(), true);
    const row = await repo.findProduct(db, closing.id);
    return this.view(db, row ?? closing, clock.now());
  }
}
