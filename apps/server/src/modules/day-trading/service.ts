import { randomUUID } from "node:crypto";
import type {
  Currency,
  DayTradingApplication,
  DayTradingApplyRequest,
  DayTradingStatus,
} from "@brokerage/api";
import { hold, toBookedString } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { DomainError } from "../../lib/errors.js";
import { amountAtScale, availableOf, book, findTrader, idempotent, refuseAccount } from "../ledger/index.js";
import { openReview } from "../reviews/index.js";
import { allowanceOf } from "./allowance.js";
import * as repo from "./repository.js";

interface Deps {
  db: Db;
  clock: Clock;
}

export const referenceOf = (applicationId: string) => `dayTrading:${applicationId}`;

export function toApplication(row: repo.DayTradingApplicationRow): DayTradingApplication {
  return {
    id: row.id,
    currency: row.currency as Currency,
    amount: toBookedString(row.amount, row.currency),
    state: row.state,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * Day-trading applications (DESIGN §5; db/schema/trading.ts `day_trading_applications`): the user's status
 * and the application, whose amount is held from available until a reviewer decides (review.ts releases it
 * either way). The allowance it grants is enforced by trading (allowance.ts).
 */
export class DayTradingService {
  constructor(private readonly deps: Deps) {}

  async status(userId: string): Promise<DayTradingStatus> {
    const { db } = this.deps;
    const [application, approved] = await Promise.all([
      repo.latest(db, { userId }),
      repo.latest(db, { userId, states: ["approved"] }),
    ]);
    return {
      application: application ? toApplication(application) : null,
      allowance: approved ? await allowanceOf(db, approved) : null,
      canApply: application?.state !== "pending",
    };
  }

  /**
   * Under the request's idempotency key, in one transaction: the account's standing (ACCOUNT_FROZEN,
   * TRADE_BANNED, FUND_PASSWORD_NOT_SET), no application waiting (DAY_TRADING_PENDING), the amount held from
   * available (INSUFFICIENT_AVAILABLE {available}), the application and its review.
   */
  async apply(userId: string, input: DayTradingApplyRequest): Promise<DayTradingApplication> {
    const { db, clock } = this.deps;
    const { currency, idempotencyKey } = input;
    const amount = amountAtScale(input.amount, currency);
    const call = { owner: `user:${userId}`, key: idempotencyKey, request: { currency, amount } };
    try {
      return await idempotent(db, clock, call, async (tx) => {
        const trader = await findTrader(tx, userId);
        if (!trader) throw new DomainError("UNAUTHORIZED");
        refuseAccount(trader, { trade: true, fundPassword: true });
        if (await repo.latest(tx, { userId, states: ["pending"] }))
          throw new DomainError("DAY_TRADING_PENDING");
        const id = randomUUID();
        const at = clock.now();
        const available = await availableOf(tx, userId, currency);
        const held = await book(tx, {
          entry: hold("dayTradeReview", userId, currency, amount),
          userId,
          reference: referenceOf(id),
          idempotencyKey,
          cause: { by: "user" },
          at,
          insufficient: () => new DomainError("INSUFFICIENT_AVAILABLE", { available }),
        });
        const row = await repo.insertApplication(tx, {
          id,
          userId,
          currency,
          amount,
          holdEntryId: held.entryId,
          createdAt: at,
        });
        await openReview(tx, { kind: "dayTrading", subjectId: id, userId, createdAt: at });
        return toApplication(row);
      });
    } catch (error) {
      // Two applications with different keys passed the check at once: the database keeps one pending.
      if (uniqueViolation(error) === repo.ONE_PENDING_INDEX) throw new DomainError("DAY_TRADING_PENDING");
      throw error;
    }
  }
}
