import { credit, hold, postHold, voidHold, exchange } from "@brokerage/core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerUser, type TestApp } from "../../../test/helper.js";
import { users } from "../../db/schema/index.js";
import { eq } from "drizzle-orm";
import { book, checkLedger, idempotent, userWallets } from "./index.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function newUserId(): Promise<string> {
  const session = await registerUser(t.app);
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.account, session.account));
  if (!row) throw new Error("no user");
  return row.id;
}

describe("ledger booking", () => {
  it("books deposits, holds, posts and voids with running balances, and stays reconciled", async () => {
    const userId = await newUserId();
    const db = t.database.db;
    const at = t.clock.now();
    await db.transaction((tx) =>
      book(tx, { entry: credit("deposit", userId, "USD", "100.00"), userId, cause: { by: "system" }, at }),
    );
    await db.transaction((tx) =>
      book(tx, { entry: hold("withdrawalHold", userId, "USD", "30.00"), userId, cause: { by: "user" }, at }),
    );
    await db.transaction((tx) =>
      book(tx, {
        entry: voidHold("withdrawalRefusal", userId, "USD", "30.00"),
        userId,
        cause: { by: "system" },
        at,
      }),
    );
    await db.transaction((tx) =>
      book(tx, { entry: hold("withdrawalHold", userId, "USD", "40.00"), userId, cause: { by: "user" }, at }),
    );
    await db.transaction((tx) =>
      book(tx, {
        entry: postHold("withdrawalPayout", userId, "USD", "40.00"),
        userId,
        cause: { by: "system" },
        at,
      }),
    );
    await db.transaction((tx) =>
      book(tx, {
        entry: exchange("exchange", userId, "USD", "10.00", "INR", "830.00"),
        userId,
        cause: { by: "user" },
        at,
      }),
    );
    expect(await userWallets(db, userId)).toEqual([
      { currency: "INR", available: "830", held: "0", margin: "0", loan: "0" },
      { currency: "USD", available: "50", held: "0", margin: "0", loan: "0" },
    ]);
    expect(await checkLedger(db)).toEqual([]);
  });

  it("refuses an entry that would take a user's balance below zero, and books nothing of it", async () => {
    const userId = await newUserId();
    const db = t.database.db;
    const at = t.clock.now();
    await db.transaction((tx) =>
      book(tx, { entry: credit("deposit", userId, "USD", "5.00"), userId, cause: { by: "system" }, at }),
    );
    await expect(
      db.transaction((tx) =>
        book(tx, { entry: hold("withdrawalHold", userId, "USD", "5.01"), userId, cause: { by: "user" }, at }),
      ),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    expect((await userWallets(db, userId)).find((w) => w.currency === "USD")).toMatchObject({
      available: "5",
      held: "0",
    });
    expect(await checkLedger(db)).toEqual([]);
  });

  it("refuses UPDATE, DELETE and TRUNCATE of postings and journal entries in the database", async () => {
    const db = t.database.db;
    for (const statement of [
      sql`update postings set amount = amount + 1`,
      sql`delete from postings`,
      sql`update journal_entries set reason = 'x'`,
      sql`delete from journal_entries`,
      sql`truncate postings cascade`,
      sql`truncate journal_entries cascade`,
    ])
      await expect(db.execute(statement)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/append-only/) },
      });
  });

  it("refuses an account of the wrong kind in the database, when it is created and when its kind is changed", async () => {
    const db = t.database.db;
    const userId = await newUserId();
    await book(db, {
      entry: credit("deposit", userId, "USD", "3.00"),
      userId,
      cause: { by: "system" },
      at: new Date(),
    });
    const refused = (constraint: string) => ({
      cause: { code: "23514", message: expect.stringContaining(constraint) },
    });
    const purpose = "ledger_accounts_purpose_check";
    const shard = "ledger_accounts_shard_check";
    for (const [statement, constraint] of [
      // A user's account with a platform purpose, a platform account with a user's purpose.
      [
        sql`insert into ledger_accounts (user_id, purpose, currency) values (${userId}, 'fees', 'USD')`,
        purpose,
      ],
      [
        sql`insert into ledger_accounts (user_id, purpose, currency) values (null, 'available', 'USD')`,
        purpose,
      ],
      [
        sql`insert into ledger_accounts (user_id, purpose, currency) values (null, 'savings', 'USD')`,
        purpose,
      ],
      // Shards are the platform's only, and never negative.
      [
        sql`insert into ledger_accounts (user_id, purpose, currency, shard) values (${userId}, 'held', 'USD', 1)`,
        shard,
      ],
      [
        sql`insert into ledger_accounts (user_id, purpose, currency, shard) values (null, 'fees', 'KRW', -1)`,
        shard,
      ],
      // An existing account turned into another kind.
      [sql`update ledger_accounts set purpose = 'fx' where user_id = ${userId}`, purpose],
      [sql`update ledger_accounts set user_id = null where user_id = ${userId}`, purpose],
      [sql`update ledger_accounts set shard = 2 where user_id = ${userId}`, shard],
    ] as const)
      await expect(db.execute(statement), constraint).rejects.toMatchObject(refused(constraint));
    // A move of the balance alone is not a change of kind (and below zero is refused by its own constraint).
    await expect(
      db.execute(sql`update ledger_accounts set balance = balance - 4 where user_id = ${userId}`),
    ).rejects.toMatchObject(refused("ledger_accounts_user_balance_check"));
    const wallets = await userWallets(db, userId);
    expect(wallets.find((w) => w.currency === "USD")?.available).toBe("3");
    expect(await checkLedger(db)).toEqual([]);
  });
  it("runs a keyed call once: concurrent duplicates get the first answer; another request with the key is refused", async () => {
    const userId = await newUserId();
    const db = t.database.db;
    const call = { owner: `user:${userId}`, key: "dup-key-0001", request: { amount: "1.00" } };
    const run = () =>
      idempotent(db, t.clock, call, async (tx) => {
        const booked = await book(tx, {
          entry: credit("deposit", userId, "USD", "1.00"),
          userId,
          cause: { by: "system" },
          at: t.clock.now(),
        });
        return { entryId: booked.entryId };
      });
    const answers = await Promise.all(Array.from({ length: 20 }, run));
    expect(new Set(answers.map((a) => a.entryId)).size).toBe(1);
    expect((await userWallets(db, userId))[0]).toMatchObject({ available: "1" });
    await expect(
      idempotent(db, t.clock, { ...call, request: { amount: "2.00" } }, async () => ({ entryId: 0 })),
    ).rejects.toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });
  });

  it("stores any JSON answer exactly (quotes, backslashes, other scripts) and answers it to a retry", async () => {
    const userId = await newUserId();
    const db = t.database.db;
    const call = { owner: `user:${userId}`, key: "escape-key-0001", request: { n: 1 } };
    const answer = { text: `it's a "quote" \\ back\\slash \n 結算 ' ; commit; --`, n: 1.5, none: null };
    const run = () =>
      idempotent(db, t.clock, call, async (tx) => {
        await book(tx, {
          entry: credit("deposit", userId, "USD", "2.00"),
          userId,
          cause: { by: "system" },
          at: t.clock.now(),
        });
        return answer;
      });
    expect(await run()).toEqual(answer);
    expect(await run()).toEqual(answer);
    expect((await userWallets(db, userId))[0]).toMatchObject({ available: "2" });
    expect(await checkLedger(db)).toEqual([]);
  });

  it("commits nothing when the statement that ends a call does not write what it should", async () => {
    const userId = await newUserId();
    const db = t.database.db;
    const call = { owner: `user:${userId}`, key: "broken-end-0001", request: {} };
    await expect(
      idempotent(db, t.clock, call, async (tx) => {
        await book(tx, {
          entry: credit("deposit", userId, "USD", "9.00"),
          userId,
          cause: { by: "system" },
          at: t.clock.now(),
        });
        // The claim gone, the answer has nowhere to go: the end statement fails, and so the commit.
        await tx.execute(sql`delete from idempotency_keys where owner = ${call.owner}`);
        return { done: true };
      }),
    ).rejects.toThrow();
    expect(await userWallets(db, userId)).toEqual([]);
    const keys = await db.execute(sql`select 1 from idempotency_keys where owner = ${call.owner}`);
    expect((keys as unknown as { rows?: unknown[] }).rows ?? keys).toHaveLength(0);
    expect(await checkLedger(db)).toEqual([]);
  });
});
