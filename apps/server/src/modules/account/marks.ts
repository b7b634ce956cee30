import { money, type Money } from "@brokerage/core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import type { FxRates } from "../exchange/index.js";
import { dayOf, dayOfIso, dayStart, isoDay } from "./days.js";
import * as repo from "./repository.js";
import type { PositionValuation } from "./valuation.js";

export interface DailyMarksOptions {
  /** Days marked in one round at most: a catch-up after a long stop spreads over rounds (default 2). */
  daysPerRound: number;
  /** How far back a first start marks days that passed before it (default 366: a year's chart). */
  backfillDays: number;
}

const DEFAULTS: DailyMarksOptions = { daysPerRound: 2, backfillDays: 366 };

/**
 * The portfolio's daily marks (DESIGN §4.1 `account/portfolio`): a job of the scheduler's leader (the
 * matching engine runs it each round while it leads, DESIGN §2), taking its time from the injected clock.
 *
 * Once a day has ended in PORTFOLIO_TIME_ZONE, the day is marked: in one transaction its row in
 * `portfolio_days` (the instant of its end and the mid rates then) and every user's equity per currency at
 * that instant, from the ledger (each account's running balance just before it) plus the unrealised P&L of
 * the positions open then, at that instant's prices. The database is the only memory: a restarted process,
 * or a new leader, marks the days after the last one marked (a stop of several days is caught up, a few
 * days a round), and the day's row is claimed first, so a second writer waits and then writes nothing.
 */
export class DailyMarks {
  readonly name = "portfolio.dailyMarks";
  private readonly options: DailyMarksOptions;
  /** The last day known marked (or with nothing to mark): nothing is read until the next day ends. */
  private through: number | undefined;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      rates: FxRates;
      valuation: PositionValuation;
      log?: FastifyBaseLogger;
    },
    options: Partial<DailyMarksOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** One round: marks the ended days not marked yet, at most `daysPerRound` of them. */
  async run(at: Date = this.deps.clock.now()): Promise<void> {
    const lastEnded = dayOf(at) - 1;
    if (this.through !== undefined && this.through >= lastEnded) return;
    const first = await this.firstUnmarked(lastEnded);
    if (first === undefined) {
      this.through = lastEnded;
      return;
    }
    let day = first;
    for (let n = 0; n < this.options.daysPerRound && day <= lastEnded; n += 1, day += 1) await this.mark(day);
    if (day > lastEnded) this.through = lastEnded;
  }

  /** The day after the last marked, or the first day money moved (within the backfill); undefined: none. */
  private async firstUnmarked(lastEnded: number): Promise<number | undefined> {
    const { db } = this.deps;
    const last = await repo.lastMarkedDay(db);
    let first: number;
    if (last !== undefined) first = dayOfIso(last) + 1;
    else {
      const start = await repo.firstPostingAt(db);
      if (start === undefined) return undefined;
      first = Math.max(dayOf(start), lastEnded - this.options.backfillDays + 1);
    }
    return first <= lastEnded ? first : undefined;
  }

  /** Marks one day, all of it or nothing; a day another writer marked is left as it is. */
  async mark(day: number): Promise<boolean> {
    const { db, clock, rates, valuation } = this.deps;
    const endsAt = dayStart(day + 1);
    const iso = isoDay(day);
    const written = await db.transaction(async (tx) => {
      const claimed = await repo.claimDay(tx, {
        day: iso,
        endsAt,
        rates: rates.table(endsAt),
        markedAt: clock.now(),
      });
      if (!claimed) return false;
      const equity = new Map<string, { userId: string; currency: string; equity: Money }>();
      const add = (userId: string, currency: string, amount: Money | string) => {
        const key = `${userId}\u0000${currency}`;
        const mark = equity.get(key) ?? { userId, currency, equity: money(0) };
        equity.set(key, { ...mark, equity: mark.equity.plus(amount) });
      };
      for (const b of await repo.balancesAt(tx, endsAt)) add(b.userId, b.currency, b.balance);
      for (const u of await valuation.unrealisedAt(tx, endsAt)) add(u.userId, u.currency, u.unrealisedPnl);
      await repo.insertMarks(
        tx,
        [...equity.values()].map((m) => ({ ...m, day: iso, equity: m.equity.toFixed() })),
      );
      return true;
    });
    if (written) this.deps.log?.info({ day: iso }, "portfolio day marked");
    return written;
  }
}
