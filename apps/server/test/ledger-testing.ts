import { randomBytes } from "node:crypto";
import type { LedgerModel } from "@brokerage/core";
import { money, userAccount, type Money } from "@brokerage/core";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../src/db/index.js";
import { users } from "../src/db/schema/index.js";
import { checkLedger, userWallets } from "../src/modules/ledger/index.js";
import { registerUser, type TestApp } from "./helper.js";

/** Helpers of the ledger's property and concurrency tests (test/ledger-*.test.ts). */

/** Registers `count` users through the API and answers their ids (ledger accounts belong to users). */
export async function newUserIds(t: TestApp, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { account } = await registerUser(t.app);
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.account, account));
    if (!row) throw new Error(`user ${account} not found`);
    ids.push(row.id);
  }
  return ids;
}

/** A user row written straight into the database: for tests of the ledger alone, without the API's cost. */
export async function bareUser(db: Db): Promise<string> {
  const tag = randomBytes(6).toString("hex");
  const [row] = await db
    .insert(users)
    .values({ account: `ledger_${tag}`, passwordHash: "not-a-hash", inviteCode: `L${tag}`.toUpperCase() })
    .returning({ id: users.id });
  if (!row) throw new Error("no user");
  return row.id;
}

/** An amount of whole cents as a decimal string ("12.34"). */
export const cents = (n: number) => money(n).div(100).toFixed(2);

/**
 * After every step of a property: the ledger reconciles (`checkLedger`, what `npm run ledger:check` runs)
 * and each user's wallets, read from the database, equal the model's (available and held per currency).
 */
export async function expectLedgerMatches(db: Db, model: LedgerModel, userIds: readonly string[]) {
  expect(await checkLedger(db)).toEqual([]);
  for (const userId of userIds) {
    const actual = new Map<string, Money>();
    for (const w of await userWallets(db, userId)) {
      actual.set(`${w.currency}:available`, money(w.available));
      actual.set(`${w.currency}:held`, money(w.held));
    }
    const expected = new Map<string, Money>();
    for (const { account, balance } of model.allAccounts())
      if (account.owner === "user" && account.userId === userId)
        expected.set(`${account.currency}:${account.purpose}`, balance);
    for (const key of new Set([...actual.keys(), ...expected.keys()]))
      expect({ userId, key, balance: (actual.get(key) ?? money(0)).toFixed() }).toEqual({
        userId,
        key,
        balance: (expected.get(key) ?? money(0)).toFixed(),
      });
  }
}

/** The model's available balance of a user's wallet. */
export const availableIn = (model: LedgerModel, userId: string, currency: string) =>
  model.balance(userAccount(userId, currency));
