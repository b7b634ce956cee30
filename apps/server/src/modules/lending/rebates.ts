import {
  isoFromDayNum,
  dayNumFromIso,
  money,
  platformAccount,
  toBookedString,
  transfer,
  userAccount,
  type MarketDataProvider,
} from "@brokerage/core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { book } from "../ledger/index.js";
import { MessageService } from "../messages/index.js";
import { currentPrice } from "../trading/index.js";
import * as repo from "./repository.js";
import { dayAccrual, dayEnd, localDay, roundDown } from "./terms.js";

/** What a lending's entries are booked under (its fund records name it). */
export const referenceOf = (loanId: string) => `lending:${loanId}`;

/** The exact running total keeps 18 decimals, as its column does; the next day starts from what was stored. */
const ACCRUED_DECIMALS = 18;

/**
 * When a lending next has something to do, from its row and its last paid day (what `payNextDay` reads
 * under the lock): the end of its next unpaid day while its shares are out, else the moment they are back.
 */
function nextDueAt(
  loan: { exchange: string; startedAt: Date | null; endsAt: Date | null },
  lastDay: string | null,
): Date | null {
  if (loan.startedAt === null || loan.endsAt === null) return null;
  const day = lastDay ? dayNumFromIso(lastDay) + 1 : localDay(loan.exchange, loan.startedAt);
  return day <= localDay(loan.exchange, loan.endsAt) - 1 ? dayEnd(loan.exchange, day) : loan.endsAt;
}

/** Transactions one round takes at most: a long stop is caught up over several rounds. */
const DAYS_PER_ROUND = 200;

/**
 * The scheduler leader's lending work (a task of the matching engine's rounds, DESIGN §2), on the injected
 * clock: every lent day that has ended is paid, one transaction per lending and day, and a lending whose
 * shares are back (its term's end, or its recall's) completes once its last day is paid.
 *
 * A day is a calendar day in the exchange's zone, from the day the shares were lent to the day before they
 * come back. Its rebate is the shares' value at the day's mark (the price at the day's end: the last close,
 * on a day without a session) × the rate ÷ 365, added to the exact running total; what is paid is that total
 * rounded down to the currency's scale less what was paid before (a day that rounds to nothing books
 * nothing). The day's row is claimed first (its primary key): a second writer, or a retry, pays nothing twice.
 */
export class LendingRebates {
  readonly name = "lending.rebates";

  constructor(
    private readonly deps: { db: Db; clock: Clock; market: MarketDataProvider; log?: FastifyBaseLogger },
  ) {}

  /** Nothing is kept between rounds: a new leader reads the database. */
  standDown(): void {}

  async round(at: Date = this.deps.clock.now()): Promise<void> {
    let budget = DAYS_PER_ROUND;
    // One read a round: a lending with nothing due yet (today's day not ended, its shares not back) takes
    // no transaction, so an idle round costs the same with one lending in progress or thousands.
    for (const { loan, lastDay } of await repo.lentNow(this.deps.db)) {
      if (budget <= 0) return;
      const due = nextDueAt(loan, lastDay);
      if (due === null || due.getTime() > at.getTime()) continue;
      budget -= await this.settle(loan.id, at, budget);
    }
  }

  /** Pays the lending's ended days (at most `budget`), then completes it if it is over. Answers the days paid. */
  async settle(loanId: string, at: Date, budget = Number.POSITIVE_INFINITY): Promise<number> {
    let paid = 0;
    while (paid < budget) {
      const step = await this.deps.db.transaction((tx) => this.payNextDay(tx, loanId, at));
      if (step === "none") break;
      if (step === "paid") paid += 1;
      if (step === "completed" || step === "waiting") break;
    }
    return paid;
  }

  /**
   * One transaction: the lending's next unpaid day if it has ended and the shares were lent in it; else its
   * completion once they are back; "waiting" when there is nothing to do yet (or no price for the day).
   */
  private async payNextDay(
    tx: Db,
    loanId: string,
    at: Date,
  ): Promise<"paid" | "completed" | "waiting" | "none"> {
    const { clock, market } = this.deps;
    const loan = await repo.lockOne(tx, { id: loanId });
    if (loan?.state !== "inProgress" || loan.startedAt === null || loan.endsAt === null) return "none";
    const last = await repo.lastRebate(tx, loan.id);
    const day = last ? dayNumFromIso(last.day) + 1 : localDay(loan.exchange, loan.startedAt);
    const lastLent = localDay(loan.exchange, loan.endsAt) - 1;
    if (day <= lastLent) {
      const end = dayEnd(loan.exchange, day);
      if (end.getTime() > at.getTime()) return "waiting";
      const price = currentPrice(market, loan.symbol, end);
      if (price === undefined) {
        this.deps.log?.warn({ loanId, day: isoFromDayNum(day) }, "no mark for a lending day yet");
        return "waiting";
      }
      const value = money(price).times(loan.quantity);
      const before = money(last?.accrued ?? "0");
      const accrued = before.plus(dayAccrual(value, loan.rate)).toDecimalPlaces(ACCRUED_DECIMALS);
      const amount = money(roundDown(accrued, loan.currency)).minus(roundDown(before, loan.currency));
      const paidAt = clock.now();
      let entryId: number | null = null;
      if (amount.greaterThan(0)) {
        const booked = await book(tx, {
          entry: transfer(
            "lendingRebate",
            platformAccount("rebates", loan.currency),
            userAccount(loan.userId, loan.currency),
            toBookedString(amount, loan.currency),
          ),
          userId: loan.userId,
          reference: referenceOf(loan.id),
          idempotencyKey: `lending-rebate-${loan.id}-${isoFromDayNum(day)}`,
          cause: { by: "system" },
          at: paidAt,
        });
        entryId = booked.entryId;
      }
      const claimed = await repo.claimRebate(tx, {
        loanId: loan.id,
        day: isoFromDayNum(day),
        price,
        value: toBookedString(value, loan.currency),
        accrued: accrued.toFixed(),
        amount: toBookedString(amount, loan.currency),
        entryId,
        paidAt,
      });
      if (!claimed) throw new Error(`lending ${loan.id} day ${isoFromDayNum(day)} paid twice`);
      return "paid";
    }
    if (loan.endsAt.getTime() > at.getTime()) return "waiting";
    const completed = await repo.update(tx, {
      id: loan.id,
      from: "inProgress",
      set: { state: "completed", completedAt: clock.now() },
    });
    if (completed) {
      const rebates = await repo.rebatesOf(tx, [loan.id]);
      const total = rebates.reduce((sum, r) => sum.plus(r.amount), money(0));
      await new MessageService({ db: tx, clock }).send(tx, {
        userId: loan.userId,
        kind: "lendingCompleted",
        params: {
          symbol: loan.symbol,
          quantity: money(loan.quantity).toFixed(),
          rebate: toBookedString(total, loan.currency),
          currency: loan.currency,
        },
      });
    }
    return "completed";
  }
}
