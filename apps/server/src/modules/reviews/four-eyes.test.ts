import type { AdjustBalanceResponse, ReviewItem, Withdrawal } from "@brokerage/api";
import { credit } from "@brokerage/core";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerUser, type TestApp } from "../../../test/helper.js";
import { adjustments, auditLog, reviews } from "../../db/schema/index.js";
import { DAY, HOUR, MINUTE } from "../../lib/clock.js";
import { userIdOf } from "../kyc/testing.js";
import { book, checkLedger } from "../ledger/index.js";
import { adminCall, createStaff, staffLogin, type StaffLogin, type StaffMember } from "../staff/testing.js";
import {
  decide as decideWithdrawal,
  readyUser,
  reviewOf,
  walletOf,
  withdrawOk,
} from "../withdrawals/testing.js";

/**
 * The cumulative four-eyes rule through HTTP: adjustments summed per user and per requester, withdrawals
 * per user, over a rolling day of the injected clock. Defaults: adjustment.fourEyesAbove USD 1000,
 * withdrawal.fourEyesAbove USD 10000.
 */

let t: TestApp;
let address = 0;
const nextAddress = () => `10.93.${++address}.1`;
const members = new Map<string, StaffMember>();
const logins = new Map<string, StaffLogin>();
let keySeq = 0;

// A Monday inside the default withdrawal window (13:30 in Kolkata); a day later is a Tuesday, still inside.
const START = "2026-01-05T08:00:00Z";

beforeAll(async () => {
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 200, windowMs: HOUR } } });
  t.clock.set(START);
  for (const name of ["asker", "otherAsker", "approver"])
    members.set(name, await createStaff(t.database.db, "administrator"));
  members.set("reviewer", await createStaff(t.database.db, "reviewer"));
  await logInAll();
});
afterAll(() => t.close());

/** Staff sessions end when idle: after moving the clock by a day, everyone logs in again. */
async function logInAll() {
  for (const [name, member] of members) logins.set(name, await staffLogin(t.app, member, nextAddress()));
}
const staff = (name: string) => logins.get(name) as StaffLogin;
const later = async (ms: number) => {
  t.clock.advance(ms);
  await logInAll();
};

/** Administrators of their own, whose day of requests starts empty. */
async function newAdmins(...names: string[]) {
  for (const name of names) {
    members.set(name, await createStaff(t.database.db, "administrator"));
    logins.set(name, await staffLogin(t.app, members.get(name) as StaffMember, nextAddress()));
  }
}

async function newUser() {
  const session = await registerUser(t.app);
  const id = await userIdOf(t.database.db, session);
  await t.database.db.transaction((tx) =>
    book(tx, {
      entry: credit("deposit", id, "USD", "50000"),
      userId: id,
      cause: { by: "system" },
      at: t.clock.now(),
    }),
  );
  return id;
}

const adjust = (who: string, userId: string, amount: string, key = `split-key-${++keySeq}`) =>
  adminCall(
    t.app,
    "users/adjust",
    { userId, currency: "USD", amount, reason: "Goodwill credit", idempotencyKey: key },
    staff(who).headers,
  );
const adjusted = async (who: string, userId: string, amount: string) => {
  const answer = await adjust(who, userId, amount);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as AdjustBalanceResponse;
};

const decideAdjustment = (who: string, reviewId: string, decision: "approve" | "reject", reason = "") =>
  adminCall(
    t.app,
    "reviews/decide",
    { kind: "adjustment", id: reviewId, decision, reason },
    staff(who).headers,
  );

describe("adjustments: adjustment.fourEyesAbove is cumulative", () => {
  it("of ten concurrent adjustments each at the threshold, one is booked and the rest wait", async () => {
    const userId = await newUser();
    const answers = await Promise.all(Array.from({ length: 10 }, () => adjust("asker", userId, "1000.00")));
    for (const answer of answers) expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
    const states = answers.map((a) => (a.data as AdjustBalanceResponse).state).sort();
    expect(states).toEqual(["approved", ...Array<string>(9).fill("pending")]);
    expect((await walletOf(t, userId)).available).toBe("51000");
    const waiting = answers.map((a) => a.data as AdjustBalanceResponse).filter((a) => a.state === "pending");
    for (const adjustment of waiting) expect(adjustment.reviewId).not.toBeNull();
    const requested = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.adjustRequested"), eq(auditLog.target, `user:${userId}`)));
    expect(requested).toHaveLength(9);

    // The one that crossed waits for a second administrator: not the asker, and not a mere reviewer.
    const first = waiting[0] as AdjustBalanceResponse;
    const reviewId = first.reviewId as string;
    expect(await decideAdjustment("asker", reviewId, "approve")).toMatchObject({ code: "SAME_APPROVER" });
    expect(await decideAdjustment("reviewer", reviewId, "approve")).toMatchObject({ code: "FORBIDDEN" });
    expect(await decideAdjustment("approver", reviewId, "approve")).toMatchObject({
      status: 1,
      data: { state: "approved" },
    });
    expect(await decideAdjustment("approver", reviewId, "approve")).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    expect((await walletOf(t, userId)).available).toBe("52000");
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("sums one requester's adjustments across users, and each user's across requesters", async () => {
    await newAdmins("one", "two");
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    expect((await adjusted("one", a, "600")).state).toBe("approved");
    // Another user, the same requester: 600 + 600 is above 1000.
    expect((await adjusted("one", b, "600")).state).toBe("pending");
    // The same user, another requester: a's 600 + 500 is above 1000.
    expect((await adjusted("two", a, "500")).state).toBe("pending");
    // Neither sum crosses (two's refused-or-not 500 is still its own: 500 + 400).
    expect((await adjusted("two", c, "400")).state).toBe("approved");
  });

  it("counts debits by their size, leaves refused ones out, and forgets what is older than a day", async () => {
    await newAdmins("three", "four");
    const userId = await newUser();
    expect((await adjusted("three", userId, "700")).state).toBe("approved");
    const debit = await adjusted("three", userId, "-400");
    expect(debit.state).toBe("pending");
    expect(await decideAdjustment("approver", debit.reviewId as string, "reject", "Not owed")).toMatchObject({
      status: 1,
      data: { state: "rejected" },
    });
    // The refused 400 no longer counts: 700 + 300 is at the threshold, not above it.
    await later(HOUR);
    expect((await adjusted("four", userId, "300")).state).toBe("approved");

    // A day after the first two they count no more; four's 300 of an hour later still does.
    await later(DAY - 30 * MINUTE);
    expect((await adjusted("three", userId, "700")).state).toBe("approved");
    expect((await adjusted("four", userId, "1")).state).toBe("pending");
    const rows = await t.database.db.select().from(adjustments).where(eq(adjustments.userId, userId));
    expect(rows).toHaveLength(5);
  });
});

describe("withdrawals: withdrawal.fourEyesAbove is cumulative per user", () => {
  const withdrawalReview = async (w: Withdrawal) => reviewOf(t, w.id);
  const list = async (reviewId: string) => {
    const answer = await adminCall(t.app, "reviews/list", { kind: "withdrawal" }, staff("reviewer").headers);
    return (answer.data as { items: ReviewItem[] }).items.find((i) => i.id === reviewId);
  };

  it("the withdrawal that takes the day's sum above the threshold needs two different reviewers", async () => {
    const ready = await readyUser(t, "40000.00");
    const first = await withdrawOk(t, ready, { amount: "6000" });
    expect((await withdrawalReview(first)).approvalsNeeded).toBe(1);
    expect(await decideWithdrawal(t, staff("reviewer"), first.id, "approve")).toMatchObject({
      data: { state: "approved" },
    });
    // A refused one does not count towards the sum.
    const refused = await withdrawOk(t, ready, { amount: "9000" });
    expect((await withdrawalReview(refused)).approvalsNeeded).toBe(2);
    await decideWithdrawal(t, staff("reviewer"), refused.id, "reject", "Card check");
    const atThreshold = await withdrawOk(t, ready, { amount: "4000" });
    expect((await withdrawalReview(atThreshold)).approvalsNeeded).toBe(1);
    await decideWithdrawal(t, staff("reviewer"), atThreshold.id, "approve");

    // 6000 + 4000 paid today: the next one, however small, crosses 10000.
    const crossing = await withdrawOk(t, ready, { amount: "100" });
    const review = await withdrawalReview(crossing);
    expect(review.approvalsNeeded).toBe(2);
    expect(await decideWithdrawal(t, staff("reviewer"), crossing.id, "approve")).toMatchObject({
      data: { state: "pending", approvals: [expect.anything()] },
    });
    expect(await decideWithdrawal(t, staff("reviewer"), crossing.id, "approve")).toMatchObject({
      code: "SAME_APPROVER",
    });
    expect((await list(review.id))?.approvals).toHaveLength(1);
    expect(await decideWithdrawal(t, staff("approver"), crossing.id, "approve")).toMatchObject({
      data: { state: "approved" },
    });
    expect(await decideWithdrawal(t, staff("approver"), crossing.id, "approve")).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    expect(await walletOf(t, ready.userId)).toEqual({ available: "29900", held: "0" });

    // A day later the day's sum starts again.
    await later(DAY);
    const nextDay = await withdrawOk(t, ready, { amount: "10000" });
    expect((await withdrawalReview(nextDay)).approvalsNeeded).toBe(1);
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.userId, ready.userId));
    expect(rows.map((r) => r.approvalsNeeded).sort()).toEqual([1, 1, 1, 2, 2]);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
