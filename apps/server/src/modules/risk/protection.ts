import { PORTFOLIO_TIME_ZONE, type OrderDraft, type OrderWarning, type SelfProtection } from "@brokerage/api";
import { money, toBookedString, unusualOrder, type Money } from "@brokerage/core";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { tradeOrders } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { dayOf, dayStart } from "../account/index.js";
import { getSetting } from "../settings/index.js";
import { resultOver } from "./positions.js";
import * as repo from "./repository.js";
import type { RiskDeps } from "./statistics.js";

/**
 * Self-protection (DESIGN §5a; docs/risk.md): the kill switch, the daily loss limits, and the checks the
 * order path asks of them, with the fat-finger guards, before a new order (closing is never stopped).
 *
 * The day of a loss limit is the platform's day, PORTFOLIO_TIME_ZONE (Asia/Kolkata), from its midnight:
 * the day the portfolio's "today's P&L" counts, so the limit and the figure the user sees agree, and a
 * user cannot move their midnight by changing the phone's zone.
 */

/** A limit as it stands at `at`: a waiting raise or removal applies from its day. Amounts as booked. */
function effective(
  row: Pick<repo.LossLimitRow, "currency" | "amount" | "nextAmount" | "nextFrom">,
  at: Date,
) {
  const due = row.nextFrom !== null && row.nextFrom.getTime() <= at.getTime();
  const shown = (amount: string | null) =>
    amount === null ? null : toBookedString(money(amount), row.currency);
  return {
    amount: shown(due ? row.nextAmount : row.amount),
    next: due || row.nextFrom === null ? null : { amount: shown(row.nextAmount), from: row.nextFrom },
  };
}

export class SelfProtectionService {
  constructor(private readonly deps: RiskDeps) {}

  /** The day's start a loss limit counts from. */
  private dayStartOf(at: Date): Date {
    return dayStart(dayOf(at));
  }

  /**
   * The user's trading result today in `currency`, net of costs: for each position open at some instant
   * of today, its value now less its value at the day's start (positions.ts); negative is a loss.
   */
  async dayResult(db: Db, userId: string, currency: string, at: Date): Promise<Money> {
    const from = this.dayStartOf(at);
    // Up to and including this instant: an order filled now has paid its charges now.
    const to = new Date(at.getTime() + 1);
    const rows = await repo.positionsIn(db, eq(tradeOrders.currency, currency), from, to, userId);
    const prices = new Map<string, string | undefined>();
    return rows.reduce<Money>(
      (sum, row) => sum.plus(resultOver(row, from, to, this.deps.market, prices)),
      money(0),
    );
  }

  async status(userId: string): Promise<SelfProtection> {
    const { db, clock } = this.deps;
    const at = clock.now();
    const lock = await repo.lockOf(db, userId);
    const limits = await repo.lossLimitsOf(db, userId);
    const lossLimits = [];
    for (const row of limits) {
      const { amount, next } = effective(row, at);
      if (amount === null && next === null) continue;
      const today = await this.dayResult(db, userId, row.currency, at);
      lossLimits.push({
        currency: row.currency,
        amount,
        next: next && { amount: next.amount, from: next.from.toISOString() },
        today: toBookedString(today, row.currency),
        reached: amount !== null && today.negated().greaterThanOrEqualTo(amount),
      });
    }
    return {
      lockedUntil: lock && lock.lockedUntil.getTime() > at.getTime() ? lock.lockedUntil.toISOString() : null,
      lossLimits,
      dayStart: this.dayStartOf(at).toISOString(),
      timeZone: PORTFOLIO_TIME_ZONE,
    };
  }

  /**
   * Locks the user's trading for `hours` from now. A lock in force ending later stays (KILL_SWITCH_ONLY_EXTENDS
   * {until}): nothing lifts or shortens it; two calls at once end at the later of theirs.
   */
  async killSwitch(userId: string, hours: number): Promise<SelfProtection> {
    const { db, clock } = this.deps;
    const at = clock.now();
    const until = new Date(at.getTime() + hours * HOUR);
    const lock = await repo.lockOf(db, userId);
    if (lock && lock.lockedUntil.getTime() > until.getTime())
      throw new DomainError("KILL_SWITCH_ONLY_EXTENDS", { until: lock.lockedUntil.toISOString() });
    await repo.extendLock(db, userId, until, at);
    return this.status(userId);
  }

  /**
   * Sets the daily loss limit of a currency. A first or lower limit applies at once; a higher one or a
   * removal (null) from the next day's start, so a limit reached cannot be raised to trade on the same
   * day. Under the row's lock: two changes at once apply one after the other.
   */
  async lossLimit(userId: string, currency: string, amount: string | null): Promise<SelfProtection> {
    const { db, clock } = this.deps;
    const at = clock.now();
    const value = amount === null ? null : toBookedString(money(amount), currency);
    if (value !== null && !money(value).greaterThan(0))
      throw new DomainError("INVALID_INPUT", { field: "amount" });
    await db.transaction(async (tx) => {
      await repo.ensureLossLimit(tx, userId, currency, at);
      const [row] = (await repo.lossLimitsOf(tx, userId, { lock: true })).filter(
        (r) => r.currency === currency,
      );
      if (!row) throw new Error("the loss limit row was not written");
      const now = effective(row, at);
      const tighter = value !== null && (now.amount === null || money(value).lessThanOrEqualTo(now.amount));
      if (tighter)
        await repo.setLossLimit(tx, userId, currency, {
          amount: value,
          nextAmount: null,
          nextFrom: null,
          updatedAt: at,
        });
      else if (now.amount === null)
        // Removing a limit that is not in force: nothing waits any more.
        await repo.setLossLimit(tx, userId, currency, {
          amount: null,
          nextAmount: null,
          nextFrom: null,
          updatedAt: at,
        });
      else {
        const nextDay = dayStart(dayOf(at) + 1);
        await repo.setLossLimit(tx, userId, currency, {
          amount: now.amount,
          nextAmount: value,
          nextFrom: nextDay,
          updatedAt: at,
        });
      }
    });
    return this.status(userId);
  }

  /**
   * The fat-finger warnings of an order about to be placed: its limit far from the current price, its
   * notional far above the median of the user's latest orders in the currency (`risk.unusualOrder`).
   */
  async warnings(
    userId: string,
    draft: Pick<OrderDraft, "priceType">,
    priced: { price: string; marketPrice: string; notional: string; currency: string },
  ): Promise<OrderWarning[]> {
    const { db } = this.deps;
    const thresholds = await getSetting(db, "risk.unusualOrder");
    const earlier = await repo.recentNotionals(db, userId, priced.currency, thresholds.history);
    return unusualOrder(
      {
        limit: draft.priceType === "limit" ? priced.price : undefined,
        price: priced.marketPrice,
        notional: priced.notional,
        earlier,
      },
      thresholds,
    );
  }

  /**
   * What a new order must pass before it is placed, in this order: the kill switch (TRADING_SELF_LOCKED
   * {until}); for a leveraged order, the acknowledged risk warning (RISK_DISCLOSURE_REQUIRED {product}; a
   * copy product's portfolio, whose orders staff place, acknowledges nothing);
   * every daily loss limit (LOSS_LIMIT_REACHED {amount, currency}); unless confirmed, the fat-finger guards
   * (ORDER_UNUSUAL).
   */
  async checkNewOrder(
    userId: string,
    order: { leverage: number; confirmUnusual?: boolean; priceType: OrderDraft["priceType"] },
    priced: { price: string; marketPrice: string; notional: string; currency: string },
  ): Promise<void> {
    const { db, clock } = this.deps;
    const at = clock.now();
    const thresholds = await getSetting(db, "risk.unusualOrder");
    const state = await repo.orderGuardState(db, userId, priced.currency, thresholds.history);
    if (state.lockedUntil && state.lockedUntil.getTime() > at.getTime())
      throw new DomainError("TRADING_SELF_LOCKED", { until: state.lockedUntil.toISOString() });
    if (order.leverage > 1 && !state.acknowledged)
      throw new DomainError("RISK_DISCLOSURE_REQUIRED", { product: "leveraged" });
    for (const row of state.limits) {
      const { amount } = effective(row, at);
      if (amount === null) continue;
      const today = await this.dayResult(db, userId, row.currency, at);
      if (today.negated().greaterThanOrEqualTo(amount))
        throw new DomainError("LOSS_LIMIT_REACHED", { amount, currency: row.currency });
    }
    if (order.confirmUnusual === true) return;
    const warnings = unusualOrder(
      {
        limit: order.priceType === "limit" ? priced.price : undefined,
        price: priced.marketPrice,
        notional: priced.notional,
        earlier: state.notionals,
      },
      thresholds,
    );
    if (warnings.length > 0) throw new DomainError("ORDER_UNUSUAL");
  }
}
