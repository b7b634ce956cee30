import { money, toBookedString, type Money } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import * as repo from "./repository.js";

export interface Wallet {
  currency: string;
  available: string;
  /** Held for pending withdrawals, limit orders, subscriptions (the account centre's frozen funds). */
  held: string;
  margin: string;
  loan: string;
}

/** A user's wallets, one per currency with any account, from the ledger's balances (no other source). */
export async function userWallets(db: Db, userId: string): Promise<Wallet[]> {
  const rows = await repo.userAccounts(db, userId);
  const byCurrency = new Map<string, Record<"available" | "held" | "margin" | "loan", Money>>();
  for (const row of rows) {
    const wallet = byCurrency.get(row.currency) ?? {
      available: money(0),
      held: money(0),
      margin: money(0),
      loan: money(0),
    };
    wallet[row.purpose as "available"] = money(row.balance);
    byCurrency.set(row.currency, wallet);
  }
  return [...byCurrency].map(([currency, w]) => ({
    currency,
    available: w.available.toFixed(),
    held: w.held.toFixed(),
    margin: w.margin.toFixed(),
    loan: w.loan.toFixed(),
  }));
}

/** The user's available balance of a currency, at its scale. */
export async function availableOf(db: Db, userId: string, currency: string): Promise<string> {
  const wallet = (await userWallets(db, userId)).find((w) => w.currency === currency);
  return toBookedString(wallet?.available ?? "0", currency);
}
