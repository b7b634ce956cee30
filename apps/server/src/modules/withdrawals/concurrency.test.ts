import type { Withdrawal } from "@brokerage/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR } from "../../lib/clock.js";
import { buildTestApp, call, type TestApp } from "../../../test/helper.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { checkLedger } from "../ledger/index.js";
import { ONE_PENDING_INDEX, insertWithdrawal } from "./repository.js";
import {
  bindCard,
  fund,
  newKey,
  readyUser,
  walletOf,
  withdrawBody,
  withdrawOk,
  withdrawalRows,
} from "./testing.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 100, windowMs: HOUR } } });
});
afterAll(() => t.close());

// Every request verifies the fund password (argon2id) before it can be refused as pending: 200 of them
// take a while on a small machine.
describe("concurrent withdrawals (no 5xx anywhere)", { timeout: 240_000 }, () => {
  it("holds exactly one of 200 concurrent requests of one user; the rest are refused as pending", async () => {
    const ready = await readyUser(t, "100000.00");
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => fund(t, ready.session, "withdraw", withdrawBody(ready.cardId))),
    );
    expect(answers.filter((a) => a.httpStatus !== 200)).toEqual([]);
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 0);
    expect(refused).toHaveLength(199);
    expect(new Set(refused.map((a) => a.code))).toEqual(new Set(["FUND_OPERATION_PENDING"]));
    expect(await withdrawalRows(t, ready.userId)).toHaveLength(1);
    expect(await walletOf(t, ready.userId)).toEqual({ available: "99900", held: "100" });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("holds one even when the concurrent requests name different cards (the database's one-pending index)", async () => {
    const ready = await readyUser(t);
    const cards = [ready.cardId, await bindCard(t, ready.session), await bindCard(t, ready.session)];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fund(t, ready.session, "withdraw", withdrawBody(cards[i % cards.length]!)),
      ),
    );
    expect(answers.filter((a) => a.httpStatus !== 200)).toEqual([]);
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.status === 0).map((a) => a.code))).toEqual(
      new Set(["FUND_OPERATION_PENDING"]),
    );
    expect(await walletOf(t, ready.userId)).toEqual({ available: "900", held: "100" });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("answers 50 concurrent requests sharing one key identically, with one effect", async () => {
    const ready = await readyUser(t);
    const body = withdrawBody(ready.cardId, { idempotencyKey: newKey(), amount: "250" });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => fund(t, ready.session, "withdraw", body)),
    );
    expect(answers.filter((a) => a.httpStatus !== 200)).toEqual([]);
    expect(answers[0]).toMatchObject({ status: 1, data: { amount: "250.00", state: "pending" } });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const rows = await withdrawalRows(t, ready.userId);
    expect(rows.map((r) => r.id)).toEqual([(answers[0]?.data as Withdrawal).id]);
    expect(await walletOf(t, ready.userId)).toEqual({ available: "750", held: "250" });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("never both removes a card and holds a withdrawal to it when they race", async () => {
    for (let round = 0; round < 5; round++) {
      const ready = await readyUser(t);
      const [withdrawn, removed] = await Promise.all([
        fund(t, ready.session, "withdraw", withdrawBody(ready.cardId)),
        call(t.app, "bank/remove", { id: ready.cardId }, ready.session.headers),
      ]);
      expect([withdrawn.httpStatus, removed.httpStatus]).toEqual([200, 200]);
      if (withdrawn.status === 1)
        expect(removed).toMatchObject({ status: 0, code: "CARD_WITHDRAWAL_PENDING" });
      else {
        expect(withdrawn).toMatchObject({ code: "CARD_NOT_FOUND" });
        expect(removed).toMatchObject({ status: 1 });
        expect(await walletOf(t, ready.userId)).toEqual({ available: "1000", held: "0" });
      }
    }
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("is guarded last by the database index the service maps to FUND_OPERATION_PENDING", async () => {
    const ready = await readyUser(t);
    await withdrawOk(t, ready);
    const [row] = await withdrawalRows(t, ready.userId);
    // A second pending row written past every check, as a lost race would: the index refuses it by name.
    const error: unknown = await t.database.db
      .transaction((tx) =>
        insertWithdrawal(tx, {
          userId: ready.userId,
          bankCardId: ready.cardId,
          currency: "USD",
          amount: "100",
          holdEntryId: row!.holdEntryId,
          createdAt: t.clock.now(),
        }),
      )
      .catch((e: unknown) => e);
    expect(uniqueViolation(error)).toBe(ONE_PENDING_INDEX);
  });
});
