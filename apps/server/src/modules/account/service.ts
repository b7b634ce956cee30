import { CURRENCIES, type AccountOverview, type Currency } from "@brokerage/api";
import { crossRate, money, overviewTotals, toBookedString, type Money } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { userWallets } from "../ledger/index.js";
import type { FxRates } from "../exchange/index.js";
import * as repo from "./repository.js";
import type { PositionValuation } from "./valuation.js";

interface Deps {
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

/**
 * The account centre (DESIGN §4.1 `account/overview`): the ledger's balances of every wallet, the
 * realised P&L and the open positions, converted into the display currency at the mid rate. Everything
 * is read in one read-only snapshot, so the figures are of one moment and match the ledger.
 */
export class AccountService {
  constructor(private readonly deps: Deps) {}

  async overview(userId: string, display: Currency): Promise<AccountOverview> {
    const { db, clock, rates, valuation } = this.deps;
    const at = clock.now();
    const { wallets, realised, positions } = await db.transaction(
      async (tx) => ({
        wallets: await userWallets(tx, userId),
        realised: await repo.realisedPnl(tx, userId),
        positions: await valuation.positions(tx, userId, at),
      }),
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const perUsd = rates.table(at, [
      ...new Set([display, ...wallets.map((w) => w.currency), ...positions.map((p) => p.currency)]),
    ]);
    const midRate = (currency: string) => crossRate(perUsd, currency, display);
    const totals = overviewTotals({ display, wallets, realisedPnl: realised, positions, midRate });

    const byCurrency = new Map(wallets.map((w) => [w.currency, w]));
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
