import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deposits, journalEntries, messages, users } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { checkLedger, userWallets } from "../ledger/index.js";
import { userIdOf } from "../kyc/testing.js";
import { adminCall, createStaff, staffLogin, type StaffLogin } from "../staff/testing.js";
import { demoChannelId, recharge, reviewOf } from "./testing.js";

let t: TestApp;
let imageDir: string;
let channelId: string;
let first: StaffLogin;
let second: StaffLogin;
let support: StaffLogin;

beforeAll(async () => {
  imageDir = await mkdtemp(join(tmpdir(), "deposit-review-test-"));
  t = await buildTestApp({
    imageDir,
    authLimits: { registrationsPerAddress: { max: 200, windowMs: HOUR } },
  });
  t.clock.set("2026-01-05T06:30:00Z"); // a Monday, inside the recharge window
  channelId = await demoChannelId(t.database.db);
  first = await staffLogin(t.app, await createStaff(t.database.db, "reviewer"), "10.80.0.1");
  second = await staffLogin(t.app, await createStaff(t.database.db, "administrator"), "10.80.0.2");
  support = await staffLogin(t.app, await createStaff(t.database.db, "support"), "10.80.0.3");
});
afterAll(async () => {
  await t.close();
  await rm(imageDir, { recursive: true, force: true });
});

async function newUser(): Promise<{ session: Session; userId: string }> {
  const session = await registerUser(t.app);
  return { session, userId: await userIdOf(t.database.db, session) };
}

/** A pending deposit of the user and its review's id. */
async function deposit(session: Session, amount: string, currency = "USD") {
  const answer = await recharge(t.app, session, { channelId, currency, amount });
  if (answer.status !== 1) throw new Error(`recharge refused: ${JSON.stringify(answer)}`);
  const id = (answer.data as { id: string }).id;
  return { id, reviewId: (await reviewOf(t.database.db, id)).id };
}

const decide = (staff: StaffLogin, id: string, decision: "approve" | "reject", reason = "") =>
  adminCall(t.app, "reviews/decide", { kind: "deposit", id, decision, reason }, staff.headers);

const usdAvailable = async (userId: string) =>
  (await userWallets(t.database.db, userId)).find((w) => w.currency === "USD")?.available ?? "0";

async function messagesOf(userId: string, kind: string) {
  return t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.kind, kind)));
}

describe("review kind deposit", () => {
  it("shows the reviewer the request and the user's standing and history beside it", async () => {
    const { session, userId } = await newUser();
    await t.database.db
      .update(users)
      .set({ kycStatus: "verified", realname: "Asha Verma" })
      .where(eq(users.id, userId));
    const earlier = await deposit(session, "100");
    expect(await decide(first, earlier.reviewId, "approve")).toMatchObject({ status: 1 });
    const inThb = await deposit(session, "300", "THB");
    expect(await decide(first, inThb.reviewId, "approve")).toMatchObject({ status: 1 });
    const current = await deposit(session, "250.5");

    const list = await adminCall(
      t.app,
      "reviews/list",
      { kind: "deposit", state: "pending" },
      support.headers,
    );
    const items = (list.data as { items: { id: string; subject: Record<string, string | null> }[] }).items;
    const item = items.find((i) => i.id === current.reviewId);
    expect(item?.subject).toEqual({
      depositId: current.id,
      amount: "250.50",
      currency: "USD",
      channelName: "Demo bank transfer",
      channelKind: "bank",
      voucher: "available",
      state: "pending",
      createdAt: t.clock.now().toISOString(),
      kycStatus: "verified",
      realName: "Asha Verma",
      // Two approved before this one; their sum in this deposit's currency (the THB one counts as 0 USD).
      approvedBefore: "2",
      approvedSumBefore: "100.00",
    });
  });

  it("approval credits the amount exactly once, keeps the entry, and messages the user", async () => {
    const { session, userId } = await newUser();
    const { id, reviewId } = await deposit(session, "100.25");
    expect(await usdAvailable(userId)).toBe("0");

    expect(await decide(first, reviewId, "approve")).toMatchObject({
      status: 1,
      data: { state: "approved" },
    });
    expect(await usdAvailable(userId)).toBe("100.25");
    const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, id));
    expect(row).toMatchObject({ state: "approved", reason: null });
    expect(row?.decidedAt).not.toBeNull();
    const [entry] = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, row?.entryId ?? -1));
    expect(entry).toMatchObject({ type: "deposit", userId, reference: `deposit:${id}`, causedBy: "staff" });
    const approved = await messagesOf(userId, "depositApproved");
    expect(approved.map((m) => m.params)).toEqual([{ amount: "100.25", currency: "USD" }]);

    // Deciding again changes nothing.
    for (const staff of [first, second])
      expect(await decide(staff, reviewId, "approve")).toMatchObject({
        status: 0,
        code: "ORDER_STATE_INVALID",
      });
    expect(await decide(second, reviewId, "reject", "late")).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await usdAvailable(userId)).toBe("100.25");
    const list = await call(t.app, "fund/rechargeList", {}, session.headers);
    expect(list.data).toMatchObject({ items: [{ id, state: "approved", amount: "100.25" }] });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("of concurrent decisions exactly one wins; the credit is booked once", async () => {
    const { session, userId } = await newUser();
    const { reviewId } = await deposit(session, "40");
    const answers = await Promise.all([
      decide(first, reviewId, "approve"),
      decide(second, reviewId, "approve"),
      decide(first, reviewId, "approve"),
      decide(second, reviewId, "reject", "duplicate"),
    ]);
    expect(answers.every((a) => a.httpStatus === 200)).toBe(true);
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    const won = answers.find((a) => a.status === 1)?.data as { state: string };
    expect(await usdAvailable(userId)).toBe(won.state === "approved" ? "40" : "0");
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("refusal keeps the reason, messages it, credits nothing, and frees the user to deposit again", async () => {
    const { session, userId } = await newUser();
    const { id, reviewId } = await deposit(session, "60");
    expect(await decide(first, reviewId, "reject")).toMatchObject({ code: "REASON_REQUIRED" });
    expect(await decide(first, reviewId, "reject", "The voucher shows another amount")).toMatchObject({
      status: 1,
      data: { state: "rejected" },
    });
    expect(await usdAvailable(userId)).toBe("0");
    const [message] = await messagesOf(userId, "depositRejected");
    expect(message?.params).toEqual({
      reason: "The voucher shows another amount",
      amount: "60.00",
      currency: "USD",
    });
    const list = await call(t.app, "fund/rechargeList", {}, session.headers);
    expect(list.data).toMatchObject({
      items: [{ id, state: "rejected", reason: "The voucher shows another amount" }],
    });
    expect(await recharge(t.app, session, { channelId, currency: "USD", amount: "61" })).toMatchObject({
      status: 1,
    });
  });
});

describe("admin deposits/voucher", () => {
  const voucher = (headers: Record<string, string>, body: unknown) =>
    t.app.inject({ method: "POST", url: "/api/admin/deposits/voucher", payload: body as object, headers });

  it("serves a deposit's voucher to staff who read the queue, and to no one else", async () => {
    const { session } = await newUser();
    const { id } = await deposit(session, "15");
    for (const staff of [support, first]) {
      const answer = await voucher(staff.headers, { depositId: id });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-type"]).toBe("image/jpeg");
      expect(answer.headers["cache-control"]).toBe("private, no-store");
    }
    expect((await voucher(support.headers, { depositId: crypto.randomUUID() })).json()).toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await voucher(support.headers, { depositId: "x" })).json()).toMatchObject({
      code: "INVALID_INPUT",
    });
    expect((await voucher({}, { depositId: id })).statusCode).toBe(401);
    // A user's token never opens the back office, not even for their own voucher.
    expect((await voucher(session.headers, { depositId: id })).statusCode).toBe(401);
  });
});
