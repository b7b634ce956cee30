import { CURRENCIES, type AccountOverview, type Currency } from "@brokerage/api";
import {
  crossRate,
  money,
  overviewTotals,
  toBookedString,
  type Money,
  type OverviewTotals,
  type PositionContribution,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { userWallets, type Wallet } from "../ledger/index.js";
import type { FxRates } from "../exchange/index.js";
import * as repo from "./repository.js";
import type { PositionValuation } from "./valuation.js";

export interface AccountDeps {
  db: Db;
  clock: Clock;
  rates: FxRates;
  valuation: PositionValuation;
}

/** Wallets first in the order of CURRENCIES (USD, THB, then INR …), any other currency after them. */
const order = (currency: string) => {
  const index = (CURRENCIES as readonly string[]).indexOf(currency);
  return index === -1 ? CURRENCIES.length : index;
};

/** What the account centre's figures are made of, read at one moment. */
export interface AccountSnapshot {
  wallets: Wallet[];
  netDeposits: repo.CurrencyAmount[];
  positions: PositionContribution[];
}

/** Reads the snapshot in `tx` (the caller's read-only transaction, so every part is of one moment). */
export async function readSnapshot(
  tx: Db,
  valuation: PositionValuation,
  userId: string,
  at: Date,
): Promise<AccountSnapshot> {
  return {
    wallets: await userWallets(tx, userId),
    netDeposits: await repo.netDeposits(tx, userId),
    positions: await valuation.positions(tx, userId, at),
  };
}

/** Units of `display` per unit of a currency at the mid rate of `at` (undefined: no fresh rate). */
export type MidRate = (currency: string) => Money | string | undefined;

/** The mid rates of `at` for the snapshot's currencies and `extra`, into `display`. */
export function midRatesOf(
  rates: FxRates,
  at: Date,
  display: string,
  currencies: readonly string[],
): MidRate {
  const perUsd = rates.table(at, [...new Set([display, ...currencies])]);
  return (currency) => crossRate(perUsd, currency, display);
}

/** The overview's totals of a snapshot (core `overviewTotals`): what the portfolio's equity is too. */
export function totalsOf(snapshot: AccountSnapshot, display: string, midRate: MidRate): OverviewTotals {
  return overviewTotals({
    display,
    wallets: snapshot.wallets,
    netDeposits: snapshot.netDeposits,
    positions: snapshot.positions,
    midRate,
  });
}

export const snapshotCurrencies = (snapshot: AccountSnapshot) => [
  ...snapshot.wallets.map((w) => w.currency),
  ...snapshot.positions.map((p) => p.currency),
  ...snapshot.netDeposits.map((d) => d.currency),
];

/**
 * The account centre (DESIGN §4.1 `account/overview`): the ledger's balances of every wallet, the net
 * deposits and the open positions, converted into the display currency at the mid rate. Everything is read
 * in one read-only snapshot, so the figures are of one moment and match the ledger.
 */
export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  async overview(userId: string, display: Currency): Promise<AccountOverview> {
    const { db, clock, rates, valuation } = this.deps;
    const at = clock.now();
    const snapshot = await db.transaction((tx) => readSnapshot(tx, valuation, userId, at), {
      isolationLevel: "repeatable read",
      accessMode: "read only",
    });
    const midRate = midRatesOf(rates, at, display, snapshotCurrencies(snapshot));
    const totals = totalsOf(snapshot, display, midRate);

    const byCurrency = new Map(snapshot.wallets.map((w) => [w.currency, w]));
    const currencies = [...new Set([...CURRENCIES, ...byCurrency.keys()])].sort(
      (a, b) => order(a) - order(b),
    );
    const valueOf = (currency: string, amount: Money): string | null => {
      if (amount.isZero() || currency === display) return toBookedString(amount, display);
      const rate = midRate(currency);
      return rate === undefined ? null : toBookedString(amount.times(rate), display);
    };
    return {
      currency: display,
      ...totals,
      wallets: currencies.map((currency) => {
        const w = byCurrency.get(currency);
        const available = money(w?.available ?? 0);
        const frozen = money(w?.held ?? 0).plus(w?.margin ?? 0);
        return {
          currency,
          available: toBookedString(available, currency),
          frozen: toBookedString(frozen, currency),
          value: valueOf(currency, available.plus(frozen)),
        };
      }),
      asOf: at.toISOString(),
    };
  }
}
