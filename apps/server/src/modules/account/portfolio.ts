import {
  PORTFOLIO_TIME_ZONE,
  type AllocationSlice,
  type Currency,
  type EquityPoint,
  type Portfolio,
  type PortfolioRange,
} from "@brokerage/api";
import { crossRate, money, toBookedString, type Money } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { dayOf, dayStart, isoDay, rangeStart } from "./days.js";
import * as repo from "./repository.js";
import {
  midRatesOf,
  readSnapshot,
  snapshotCurrencies,
  totalsOf,
  type AccountDeps,
  type MidRate,
} from "./service.js";
import type { PositionValuation } from "./valuation.js";

type Amounts = readonly { currency: string; amount: Money | string }[];

/**
 * Converts amounts of several currencies into the display currency and sums them; a non-zero amount
 * without a rate is left out and its currency noted, as the overview does.
 */
function converter(midRate: MidRate, unconverted: Set<string>) {
  return (amounts: Amounts): Money =>
    amounts.reduce<Money>((sum, { currency, amount }) => {
      const value = money(amount);
      if (value.isZero()) return sum;
      const rate = midRate(currency);
      if (rate === undefined) {
        unconverted.add(currency);
        return sum;
      }
      return sum.plus(value.times(rate));
    }, money(0));
}

/** A day's equity from its marks (own currencies) at that day's rates; unconvertible ones left out. */
function markValue(marks: readonly repo.MarkRow[], display: string, unconverted: Set<string>): Money {
  return marks.reduce<Money>((sum, mark) => {
    const value = money(mark.equity);
    if (value.isZero()) return sum;
    const rate = crossRate(mark.rates, mark.currency, display);
    if (rate === undefined) {
      unconverted.add(mark.currency);
      return sum;
    }
    return sum.plus(value.times(rate));
  }, money(0));
}

/** The equity of one user at an instant, from the ledger and positions then: a mark not (yet) kept. */
async function equityAt(tx: Db, valuation: PositionValuation, userId: string, at: Date): Promise<Amounts> {
  const balances = await repo.balancesAt(tx, at, userId);
  const unrealised = await valuation.unrealisedAt(tx, at, userId);
  return [
    ...balances.map((b) => ({ currency: b.currency, amount: b.balance })),
    ...unrealised.map((u) => ({ currency: u.currency, amount: u.unrealisedPnl })),
  ];
}

/**
 * The portfolio (DESIGN §4.1 `account/portfolio`): the equity day by day from the daily marks (marks.ts),
 * today's live from the same snapshot and sums as `account/overview`, and the P&L split into what closed
 * positions made, what open ones make, and the rest (exchange, rewards, interest, rate moves), every part
 * net of the costs paid. Read in one read-only snapshot.
 */
export class PortfolioService {
  constructor(private readonly deps: AccountDeps) {}

  async portfolio(userId: string, display: Currency, range: PortfolioRange): Promise<Portfolio> {
    const { db, clock, rates, valuation } = this.deps;
    const at = clock.now();
    const today = dayOf(at);
    const start = rangeStart(today, range);
    const todayStart = dayStart(today);
    const yesterday = isoDay(today - 1);
    const read = await db.transaction(
      async (tx) => {
        const snapshot = await readSnapshot(tx, valuation, userId, at);
        const marks = await repo.marksOf(tx, {
          userId,
          from: start === undefined ? undefined : isoDay(start),
          before: isoDay(today),
        });
        // Yesterday's end is the day P&L's start: its marks (none: nothing held then), or, while the day
        // is not marked yet, the ledger's word for that instant.
        const kept = (await repo.isMarked(tx, yesterday))
          ? await repo.marksOf(tx, { userId, from: yesterday, before: isoDay(today) })
          : undefined;
        return {
          snapshot,
          marks,
          kept,
          dayStartEquity: kept === undefined ? await equityAt(tx, valuation, userId, todayStart) : [],
          flowsToday: await repo.netDeposits(tx, userId, todayStart),
          performance: await valuation.performance(tx, userId, at),
        };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const { snapshot, performance } = read;
    const midRate = midRatesOf(rates, at, display, [
      ...snapshotCurrencies(snapshot),
      ...read.dayStartEquity.map((a) => a.currency),
      ...performance.closed.map((c) => c.currency),
    ]);
    const totals = totalsOf(snapshot, display, midRate);
    const unconverted = new Set(totals.unconverted);
    const convert = converter(midRate, unconverted);
    const shown = (amount: Money) => toBookedString(amount, display);

    const equity: EquityPoint[] = [];
    const byDay = new Map<string, repo.MarkRow[]>();
    for (const mark of read.marks) byDay.set(mark.day, [...(byDay.get(mark.day) ?? []), mark]);
    for (const [date, marks] of byDay)
      equity.push({ date, value: shown(markValue(marks, display, unconverted)) });
    equity.push({ date: isoDay(today), value: totals.total });

    const dayStartValue =
      read.kept !== undefined
        ? markValue(read.kept, display, unconverted)
        : midRatesAtDayStart(this.deps.rates, todayStart, display, read.dayStartEquity);
    const dayPnl = money(totals.total)
      .minus(shown(dayStartValue))
      .minus(shown(convert(read.flowsToday)));

    const realised = convert(performance.closed.map((c) => ({ currency: c.currency, amount: c.net })));
    const unrealised = convert(
      performance.open.map((o) => ({
        currency: o.currency,
        amount: money(o.unrealisedPnl).minus(o.openFees),
      })),
    );
    const costs = convert([
      ...performance.closed.map((c) => ({ currency: c.currency, amount: c.costs })),
      ...performance.open.map((o) => ({ currency: o.currency, amount: o.openFees })),
    ]);
    const other = money(totals.profit).minus(shown(realised)).minus(shown(unrealised));

    return {
      currency: display,
      range,
      timeZone: PORTFOLIO_TIME_ZONE,
      equity,
      dayPnl: shown(dayPnl),
      totalPnl: totals.profit,
      netDeposits: totals.netDeposits,
      realised: shown(realised),
      unrealised: shown(unrealised),
      costs: shown(costs),
      other: shown(other),
      allocation: allocationOf(snapshot.wallets, performance.open, display, midRate),
      unconverted: [...unconverted].sort(),
      asOf: at.toISOString(),
    };
  }
}

/** The equity at today's start converted at that instant's rates (a mark kept would have the same). */
function midRatesAtDayStart(rates: AccountDeps["rates"], at: Date, display: string, amounts: Amounts): Money {
  const midRate = midRatesOf(
    rates,
    at,
    display,
    amounts.map((a) => a.currency),
  );
  return converter(midRate, new Set())(amounts);
}

/**
 * Where the equity is: each market's open positions (margin plus unrealised P&L) in their currency, and
 * each wallet's cash (available and held); the slices sum to the total. Largest first, empty ones left out.
 */
function allocationOf(
  wallets: readonly { currency: string; available: string; held: string }[],
  open: Awaited<ReturnType<PositionValuation["performance"]>>["open"],
  display: string,
  midRate: MidRate,
): AllocationSlice[] {
  const slices: AllocationSlice[] = [];
  const add = (slice: Omit<AllocationSlice, "value" | "amount">, amount: Money) => {
    if (amount.isZero()) return;
    const rate = slice.currency === display ? "1" : midRate(slice.currency);
    if (rate === undefined) return;
    slices.push({
      ...slice,
      amount: toBookedString(amount, slice.currency),
      value: toBookedString(amount.times(rate), display),
    });
  };
  for (const o of open)
    add(
      { kind: "positions", market: o.market as AllocationSlice["market"], currency: o.currency },
      money(o.margin).plus(o.unrealisedPnl),
    );
  for (const w of wallets)
    add({ kind: "cash", market: null, currency: w.currency }, money(w.available).plus(w.held));
  return slices.sort((a, b) => money(b.value).comparedTo(a.value));
}
