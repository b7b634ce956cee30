import type { ReviewItem, WithdrawListResponse } from "@brokerage/api";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journalEntries, messages, postings, withdrawals } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { buildTestApp, type TestApp } from "../../../test/helper.js";
import { checkLedger } from "../ledger/index.js";
import { adminCall, createStaff, expectOneAuditRow, staffLogin, type StaffLogin } from "../staff/testing.js";
import { decide, deposit, fund, readyUser, reviewOf, setUser, walletOf, withdrawOk } from "./testing.js";

let t: TestApp;
let first: StaffLogin;
let second: StaffLogin;
let support: StaffLogin;

beforeAll(async () => {
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 200, windowMs: HOUR } } });
  first = await staffLogin(t.app, await createStaff(t.database.db, "reviewer"), "10.81.0.1");
  second = await staffLogin(t.app, await createStaff(t.database.db, "administrator"), "10.81.0.2");
  support = await staffLogin(t.app, await createStaff(t.database.db, "support"), "10.81.0.3");
});
afterAll(() => t.close());

async function entriesOf(withdrawalId: string) {
  return t.database.db
    .select({ id: journalEntries.id, type: journalEntries.type, reason: journalEntries.reason })
    .from(journalEntries)
    .where(eq(journalEntries.reference, `withdrawal:${withdrawalId}`))
    .orderBy(asc(journalEntries.id));
}

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

const inbox = (userId: string) =>
  t.database.db
    .select({ kind: messages.kind, params: messages.params })
    .from(messages)
    .where(eq(messages.userId, userId));

describe("the withdrawal review", () => {
  it("approving pays the held amount out once, with one audit row and a message", async () => {
    const ready = await readyUser(t);
    const withdrawal = await withdrawOk(t, ready, { amount: "300" });
    const { result } = await expectOneAuditRow(t.database.db, () =>
      decide(t, first, withdrawal.id, "approve"),
    );
    expect(result).toMatchObject({ status: 1, data: { state: "approved" } });
    expect(await walletOf(t, ready.userId)).toEqual({ available: "700", held: "0" });
    const row = await rowOf(withdrawal.id);
    expect(row).toMatchObject({ state: "approved", reason: null, decidedAt: t.clock.now() });
    const entries = await entriesOf(withdrawal.id);
    expect(entries.map((e) => e.type)).toEqual(["withdrawalHold", "withdrawalPayout"]);
    expect(row?.settleEntryId).toBe(entries[1]?.id);
    const lines = await t.database.db
      .select({ purpose: postings.purpose, userId: postings.userId, amount: postings.amount })
      .from(postings)
      .where(eq(postings.entryId, entries[1]!.id));
    expect(lines).toEqual(
      expect.arrayContaining([
        { purpose: "held", userId: ready.userId, amount: "-300.00000000" },
        { purpose: "cash_out", userId: null, amount: "300.00000000" },
      ]),
    );
    expect(await inbox(ready.userId)).toContainEqual({
      kind: "withdrawalApproved",
      params: { amount: "300.00", currency: "USD" },
    });
    // Deciding again changes nothing.
    expect(await decide(t, second, withdrawal.id, "approve")).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await decide(t, second, withdrawal.id, "reject", "Too late")).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    expect(await entriesOf(withdrawal.id)).toHaveLength(2);
    expect(await walletOf(t, ready.userId)).toEqual({ available: "700", held: "0" });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("refusing returns the money with the reason on its fund record, in the list and in the message", async () => {
    const ready = await readyUser(t);
    const withdrawal = await withdrawOk(t, ready, { amount: "400" });
    expect(await walletOf(t, ready.userId)).toEqual({ available: "600", held: "400" });
    const reason = "The card's bank rejected the transfer";
    expect(await decide(t, first, withdrawal.id, "reject", reason)).toMatchObject({ status: 1 });
    expect(await walletOf(t, ready.userId)).toEqual({ available: "1000", held: "0" });
    expect(await entriesOf(withdrawal.id)).toEqual([
      { id: expect.any(Number), type: "withdrawalHold", reason: null },
      { id: expect.any(Number), type: "withdrawalRefusal", reason },
    ]);
    expect(await inbox(ready.userId)).toContainEqual({
      kind: "withdrawalRejected",
      params: { reason, amount: "400.00", currency: "USD" },
    });
    const list = (await fund(t, ready.session, "withdrawList", {})).data as WithdrawListResponse;
    expect(list.items[0]).toMatchObject({
      id: withdrawal.id,
      state: "rejected",
      reason,
      decidedAt: t.clock.now().toISOString(),
    });
    // The money can be asked for again at once.
    await withdrawOk(t, ready, { amount: "1000" });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("above the four-eyes threshold keeps the money held until a second, different reviewer approves", async () => {
    const ready = await readyUser(t, "20000.00");
    const withdrawal = await withdrawOk(t, ready, { amount: "12000" });
    expect(await decide(t, first, withdrawal.id, "approve")).toMatchObject({
      status: 1,
      data: { state: "pending", approvalsNeeded: 2, approvals: [expect.any(Object)] },
    });
    expect(await walletOf(t, ready.userId)).toEqual({ available: "8000", held: "12000" });
    expect((await rowOf(withdrawal.id))?.state).toBe("pending");
    expect(await decide(t, first, withdrawal.id, "approve")).toMatchObject({ code: "SAME_APPROVER" });
    expect(await decide(t, second, withdrawal.id, "approve")).toMatchObject({
      status: 1,
      data: { state: "approved" },
    });
    expect(await walletOf(t, ready.userId)).toEqual({ available: "8000", held: "0" });
    expect((await entriesOf(withdrawal.id)).map((e) => e.type)).toEqual([
      "withdrawalHold",
      "withdrawalPayout",
    ]);
  });

  it("is decided only with reviews.decide", async () => {
    const ready = await readyUser(t);
    const withdrawal = await withdrawOk(t, ready);
    expect(await decide(t, support, withdrawal.id, "approve")).toMatchObject({
      httpStatus: 403,
      code: "FORBIDDEN",
    });
    expect(await walletOf(t, ready.userId)).toEqual({ available: "900", held: "100" });
  });

  it("shows the reviewer the request, the card and the user's standing and history", async () => {
    const ready = await readyUser(t, "2000.00");
    const earlier = await withdrawOk(t, ready, { amount: "150" });
    await decide(t, first, earlier.id, "approve");
    const refused = await withdrawOk(t, ready, { amount: "175.25" });
    await decide(t, first, refused.id, "reject", "No");
    await deposit(t, ready.userId, "INR", "500.00");
    await setUser(t, ready.userId, { tradeBanned: true, creditScore: 88 });
    const withdrawal = await withdrawOk(t, ready, { amount: "200" });
    const review = await reviewOf(t, withdrawal.id);
    const answer = await adminCall(
      t.app,
      "reviews/list",
      { kind: "withdrawal", state: "pending" },
      first.headers,
    );
    expect(answer).toMatchObject({ status: 1 });
    const item = (answer.data as { items: ReviewItem[] }).items.find((i) => i.id === review.id);
    expect(item?.subject).toEqual({
      withdrawalId: withdrawal.id,
      amount: "200.00",
      currency: "USD",
      cardNumber: withdrawal.card?.cardNumber,
      cardId: withdrawal.card?.id,
      cardHolder: "Priya Sharma",
      cardBank: "State Bank of India",
      cardBranch: "Mumbai Main Branch",
      cardCountry: "IN",
      cardIfsc: "SBIN0000300",
      cardRemovedAt: null,
      createdAt: withdrawal.createdAt,
      realName: "Priya Sharma",
      kycStatus: "verified",
      creditScore: "88",
      flags: "tradeBanned",
      available: "1650.00 USD",
      held: "200.00 USD",
      withdrawalsApproved: "1 · 150.00 USD",
      withdrawalsRejected: "1 · 175.25 USD",
      // Deposits of the deposits module's table (none reviewed here: the balance came in by test booking).
      depositsApproved: "0 · 0.00 USD",
    });
    // Once decided, the request is still left out of its own history.
    await decide(t, first, withdrawal.id, "approve");
    const decided = await adminCall(
      t.app,
      "reviews/list",
      { kind: "withdrawal", state: "approved" },
      first.headers,
    );
    const after = (decided.data as { items: ReviewItem[] }).items.find((i) => i.id === review.id);
    expect(after?.subject).toMatchObject({ withdrawalsApproved: "1 · 150.00 USD", held: "0.00 USD" });
  });
});
