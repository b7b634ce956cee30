import { randomUUID } from "node:crypto";
import {
  LENDING_DAY_COUNT,
  LENDING_PAGE_SIZE,
  LENDING_RISKS,
  type Currency,
  type LendablePosition,
  type Lending,
  type LendingApplyRequest,
  type LendingListResponse,
  type LendingTerms,
} from "@brokerage/api";
import { MoneyDecimal, money, toBookedString, toPlainString, type MarketDataProvider } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { BIGINT_SEQ_MAX, seqCursor } from "../../lib/cursor.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { DomainError } from "../../lib/errors.js";
import { findTrader, idempotent, refuseAccount } from "../ledger/index.js";
import { openReview } from "../reviews/index.js";
import { getSetting } from "../settings/index.js";
import { currentPrice, lockOrder, type TradeOrderRow } from "../trading/index.js";
import * as repo from "./repository.js";
import { ratesOf, recallEnd } from "./terms.js";
import { toLending, toLendings } from "./view.js";

interface Deps {
  db: Db;
  clock: Clock;
  market: MarketDataProvider;
}

const cursor = seqCursor("lending", BIGINT_SEQ_MAX);

/** The whole shares of a position (a fractional US holding lends its whole shares only). */
const wholeShares = (quantity: string) => money(quantity).toDecimalPlaces(0, MoneyDecimal.ROUND_DOWN);

/**
 * Why a position of the user cannot be lent now, in apply's order (null: it can): not an open long
 * position in shares without leverage (LENDING_NOT_ELIGIBLE), still locked (SELL_LOCKED {until}), no whole
 * share in it (LENDING_NOT_ELIGIBLE).
 */
function positionRefusal(market: MarketDataProvider, row: TradeOrderRow, at: Date): DomainError | null {
  const share =
    row.state === "open" &&
    row.direction === "long" &&
    row.leverage === 1 &&
    row.kind !== "dayTrade" &&
    market.listing(row.symbol)?.kind === "stock";
  if (!share || wholeShares(row.quantity).lessThan(1)) return new DomainError("LENDING_NOT_ELIGIBLE");
  if (row.lockedUntil !== null && row.lockedUntil.getTime() > at.getTime())
    return new DomainError("SELL_LOCKED", { until: row.lockedUntil.toISOString() });
  return null;
}

/**
 * Securities lending (packages/api lending.ts; docs/lending.md): the terms and eligible holdings, the
 * application (reviewed by staff: review.ts lends the shares), the list, and the recall. The rebates and
 * the terms' ends are the scheduler's (rebates.ts).
 */
export class LendingService {
  constructor(private readonly deps: Deps) {}

  async terms(userId: string): Promise<LendingTerms> {
    const { db, clock, market } = this.deps;
    const at = clock.now();
    const [rates, termDays, minValue, quota, used, candidates] = await Promise.all([
      ratesOf(db),
      getSetting(db, "lending.termDays"),
      getSetting(db, "lending.minValue"),
      getSetting(db, "lending.quota"),
      repo.usedByCurrency(db),
      repo.candidatePositions(db, userId),
    ]);
    const eligible: LendablePosition[] = [];
    for (const row of candidates) {
      if (positionRefusal(market, row, at) !== null) continue;
      const price = currentPrice(market, row.symbol, at);
      if (price === undefined) continue;
      const quantity = wholeShares(row.quantity);
      eligible.push({
        positionId: row.id,
        orderNo: row.orderNo,
        symbol: row.symbol,
        name: market.listing(row.symbol)?.name ?? row.symbol,
        exchange: row.exchange,
        currency: row.currency as Currency,
        quantity: quantity.toFixed(),
        price: toPlainString(price),
        value: toBookedString(quantity.times(price), row.currency),
      });
    }
    const channels = Object.entries(quota).map(([currency, total]) => {
      const taken = money(used.get(currency) ?? "0");
      const left = MoneyDecimal.max(money(total).minus(taken), 0);
      return {
        currency: currency as Currency,
        minValue: toBookedString(minValue[currency] ?? "0", currency),
        quota: toBookedString(total, currency),
        used: toBookedString(taken, currency),
        available: toBookedString(left, currency),
      };
    });
    return {
      ...rates,
      dayCount: LENDING_DAY_COUNT,
      termDays: [...termDays].sort((a, b) => a - b),
      channels,
      eligible,
      risks: [...LENDING_RISKS],
    };
  }

  /**
   * Under the request's idempotency key, in one transaction: the account (ACCOUNT_DISABLED, ACCOUNT_FROZEN),
   * the user's own position (NOT_FOUND {field: positionId}) locked, lendable (LENDING_NOT_ELIGIBLE,
   * SELL_LOCKED {until}), not lent already (LENDING_EXISTS), the term offered (LENDING_TERM_INVALID
   * {allowed}), whole shares (INVALID_INPUT {field: quantity}) it holds (LENDING_ABOVE_HELD {held}), a
   * current price (PRICE_UNAVAILABLE); then, under the currency's quota lock, an open channel
   * (LENDING_UNAVAILABLE), the minimum (LENDING_BELOW_MIN {min, amount, currency}) and the quota
   * (LENDING_QUOTA_FULL {available, amount, currency}); then the application and its review.
   */
  async apply(userId: string, input: LendingApplyRequest): Promise<Lending> {
    const { db, clock, market } = this.deps;
    const request = {
      action: "lending/apply",
      positionId: input.positionId,
      quantity: toPlainString(money(input.quantity)),
      days: input.days,
    };
    const call = { owner: `user:${userId}`, key: input.idempotencyKey, request };
    try {
      return await idempotent(db, clock, call, async (tx) => {
        refuseAccount(await findTrader(tx, userId));
        const at = clock.now();
        const position = await lockOrder(tx, { id: input.positionId, userId });
        if (!position) throw new DomainError("NOT_FOUND", { field: "positionId" });
        const refusal = positionRefusal(market, position, at);
        if (refusal) throw refusal;
        if (await repo.openOfPosition(tx, position.id)) throw new DomainError("LENDING_EXISTS");
        const termDays = await getSetting(tx, "lending.termDays");
        if (!termDays.includes(input.days))
          throw new DomainError("LENDING_TERM_INVALID", {
            field: "days",
            allowed: [...termDays].sort((a, b) => a - b).join(", "),
          });
        const quantity = money(input.quantity);
        if (!quantity.isInteger() || quantity.lessThan(1))
          throw new DomainError("INVALID_INPUT", { field: "quantity" });
        const held = wholeShares(position.quantity);
        if (quantity.greaterThan(held))
          throw new DomainError("LENDING_ABOVE_HELD", { field: "quantity", held: held.toFixed() });
        const price = currentPrice(market, position.symbol, at);
        if (price === undefined) throw new DomainError("PRICE_UNAVAILABLE");
        const { currency } = position;
        const value = toBookedString(quantity.times(price), currency);
        await repo.lockQuota(tx, currency);
        const quota = (await getSetting(tx, "lending.quota"))[currency];
        if (quota === undefined) throw new DomainError("LENDING_UNAVAILABLE");
        const min = (await getSetting(tx, "lending.minValue"))[currency] ?? "0";
        if (money(value).lessThan(min))
          throw new DomainError("LENDING_BELOW_MIN", {
            field: "quantity",
            min: toBookedString(min, currency),
            amount: value,
            currency,
          });
        const used = money((await repo.usedByCurrency(tx)).get(currency) ?? "0");
        const left = MoneyDecimal.max(money(quota).minus(used), 0);
        if (money(value).greaterThan(left))
          throw new DomainError("LENDING_QUOTA_FULL", {
            field: "quantity",
            available: toBookedString(left, currency),
            amount: value,
            currency,
          });
        const rates = await ratesOf(tx);
        const id = randomUUID();
        const row = await repo.insertLoan(tx, {
          id,
          userId,
          positionId: position.id,
          symbol: position.symbol,
          exchange: position.exchange,
          currency,
          quantity: quantity.toFixed(),
          days: input.days,
          price,
          value,
          ...rates,
          createdAt: at,
        });
        await openReview(tx, { kind: "lending", subjectId: id, userId, createdAt: at });
        return toLending(tx, market, row);
      });
    } catch (error) {
      // Two applications with different keys for one position passed the checks at once.
      if (uniqueViolation(error) === repo.ONE_OPEN_INDEX) throw new DomainError("LENDING_EXISTS");
      throw error;
    }
  }

  /** `lending/list`: newest first, LENDING_PAGE_SIZE a page, each with its rebates. */
  async list(userId: string, after?: string): Promise<LendingListResponse> {
    const { db, market } = this.deps;
    const beforeSeq = after === undefined ? undefined : cursor.decode(after);
    const rows = await repo.listPage(db, { userId, beforeSeq, limit: LENDING_PAGE_SIZE + 1 });
    const page = rows.slice(0, LENDING_PAGE_SIZE);
    const last = page.at(-1);
    return {
      items: await toLendings(db, market, page),
      nextCursor: rows.length > LENDING_PAGE_SIZE && last ? cursor.encode(last.seq) : null,
    };
  }

  /**
   * The user's lending in progress (NOT_FOUND {field: id}; ORDER_STATE_INVALID when under review, ended or
   * recalled already) comes back at the open of the position's next trading day, or at its term's end if
   * that is sooner; the rebates go on until then.
   */
  async recall(userId: string, id: string): Promise<Lending> {
    const { db, clock, market } = this.deps;
    return db.transaction(async (tx) => {
      refuseAccount(await findTrader(tx, userId));
      const row = await repo.lockOne(tx, { id, userId });
      if (!row) throw new DomainError("NOT_FOUND", { field: "id" });
      if (row.state !== "inProgress" || row.recalledAt !== null || row.endsAt === null)
        throw new DomainError("ORDER_STATE_INVALID");
      const at = clock.now();
      const back = recallEnd(row.exchange, at);
      const endsAt = back.getTime() < row.endsAt.getTime() ? back : row.endsAt;
      const recalled = await repo.update(tx, {
        id: row.id,
        from: "inProgress",
        set: { recalledAt: at, endsAt },
      });
      if (!recalled) throw new DomainError("ORDER_STATE_INVALID");
      return toLending(tx, market, recalled);
    });
  }
}
