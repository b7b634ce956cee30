import {
  ADMIN_ROLES,
  can,
  type AdjustBalanceResponse,
  type AdminRole,
  type Permission,
  type ReviewItem,
  type UserLedger,
} from "@brokerage/api";
import { credit, hold } from "@brokerage/core";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, call, registration, toSession, type TestApp } from "../../../test/helper.js";
import {
  adjustments,
  auditLog,
  idempotencyKeys,
  messages,
  postings,
  reviews,
  users,
} from "../../db/schema/index.js";
import { book, checkLedger } from "../ledger/index.js";
import { getSetting } from "../settings/index.js";
import {
  adminCall,
  auditCount,
  createStaff,
  expectOneAuditRow,
  staffLogin,
  unauthorized,
  type StaffLogin,
} from "../staff/testing.js";

let t: TestApp;
const staff = new Map<AdminRole, StaffLogin>();
/** A second administrator: the four-eyes approver. */
let approver: StaffLogin;
let address = 0;
const nextAddress = () => `10.74.${++address}.1`;
let keySeq = 0;
const newKey = () => `adj-key-${++keySeq}-${crypto.randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ADMIN_ROLES)
    staff.set(role, await staffLogin(t.app, await createStaff(t.database.db, role), nextAddress()));
  approver = await staffLogin(t.app, await createStaff(t.database.db, "administrator"), nextAddress());
});
afterAll(() => t.close());
// Four-eyes sums a requester's adjustments of the day: each test asks as an administrator of its own.
let requester: StaffLogin;
beforeEach(async () => {
  requester = await staffLogin(t.app, await createStaff(t.database.db, "administrator"), nextAddress());
});

const as = (role: AdminRole) => staff.get(role) as StaffLogin;
const admin = () => requester;

async function newUser() {
  const session = toSession(await call(t.app, "user/register", registration(), {}, nextAddress()));
  const [row] = await t.database.db.select().from(users).where(eq(users.account, session.account));
  if (!row) throw new Error("no user");
  return { session, id: row.id };
}

/** Money in as a deposit would book it (the deposits module is not under test here). */
async function deposit(userId: string, currency: string, amount: string) {
  await t.database.db.transaction((tx) =>
    book(tx, {
      entry: credit("deposit", userId, currency, amount),
      userId,
      cause: { by: "system" },
      at: t.clock.now(),
    }),
  );
}

const adjust = (who: StaffLogin, body: Record<string, unknown>) =>
  adminCall(t.app, "users/adjust", { idempotencyKey: newKey(), ...body }, who.headers);
const ledgerOf = async (userId: string, extra: Record<string, unknown> = {}) => {
  const answer = await adminCall(t.app, "users/ledger", { userId, ...extra }, as("support").headers);
  expect(answer).toMatchObject({ status: 1 });
  return answer.data as UserLedger;
};
const available = async (userId: string, currency: string) =>
  (await ledgerOf(userId)).wallets.find((w) => w.currency === currency)?.available;
const decide = (who: StaffLogin, id: string, decision: "approve" | "reject", reason = "") =>
  adminCall(t.app, "reviews/decide", { kind: "adjustment", id, decision, reason }, who.headers);

/** What an adjustment can write for a user: compared before and after a refused call. */
async function footprint(userId: string) {
  const db = t.database.db;
  const n = async (table: typeof postings | typeof adjustments | typeof messages | typeof reviews) =>
    (await db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]?.n;
  return {
    postings: await n(postings),
    adjustments: await n(adjustments),
    messages: await n(messages),
    reviews: await n(reviews),
    audit: await auditCount(db),
    keys: (await db.select({ n: count() }).from(idempotencyKeys))[0]?.n,
  };
}

async function inbox(userId: string) {
  return t.database.db.select().from(messages).where(eq(messages.userId, userId));
}

describe("permissions", () => {
  const ROUTES: Record<string, Permission> = {
    "users/ledger": "ledger.read",
    "users/adjust": "ledger.adjust",
  };
  const table = ADMIN_ROLES.flatMap((role) =>
    Object.entries(ROUTES).map(([route, permission]) => [role, route, permission] as const),
  );

  it.each(table)("%s on %s (%s): allowed iff the role has it", async (role, route, permission) => {
    const answer = await adminCall(t.app, route, {}, as(role).headers);
    if (can(role, permission)) expect(answer).toMatchObject({ httpStatus: 200, code: "INVALID_INPUT" });
    else expect(answer).toMatchObject({ httpStatus: 403, code: "FORBIDDEN" });
  });

  it("refuses a user's token and no token", async () => {
    const user = await newUser();
    for (const route of Object.keys(ROUTES)) {
      expect(await adminCall(t.app, route, { userId: user.id }, user.session.headers)).toMatchObject(
        unauthorized,
      );
      expect(await adminCall(t.app, route, { userId: user.id })).toMatchObject(unauthorized);
    }
  });
});

describe("users/ledger", () => {
  it("answers NOT_FOUND for an unknown user and INVALID_INPUT for malformed ids, cursors and currencies", async () => {
    const support = as("support").headers;
    expect(await adminCall(t.app, "users/ledger", { userId: crypto.randomUUID() }, support)).toMatchObject({
      code: "NOT_FOUND",
    });
    const user = await newUser();
    for (const [body, field] of [
      [{ userId: "1" }, "userId"],
      [{ userId: user.id, cursor: "bogus" }, "cursor"],
      [{ userId: user.id, currency: "XXX" }, "currency"],
    ] as const)
      expect(await adminCall(t.app, "users/ledger", body, support)).toMatchObject({
        code: "INVALID_INPUT",
        params: { field },
      });
  });

  it("lists an empty ledger with the four-eyes thresholds", async () => {
    const user = await newUser();
    expect(await ledgerOf(user.id)).toEqual({
      wallets: [],
      items: [],
      nextCursor: null,
      adjustments: [],
      adjustFourEyesAbove: await getSetting(t.database.db, "adjustment.fourEyesAbove"),
    });
  });

  it("pages the postings newest first, 20 a page, and filters by currency", async () => {
    const user = await newUser();
    for (let i = 1; i <= 12; i++) await deposit(user.id, "USD", `${i}.00`);
    for (let i = 1; i <= 10; i++) await deposit(user.id, "INR", `${i}00.00`);
    const page1 = await ledgerOf(user.id);
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0]).toMatchObject({
      entryType: "deposit",
      purpose: "available",
      currency: "INR",
      amount: "1000.00",
      balanceAfter: "5500.00",
      causedBy: "system",
      staffAccount: null,
    });
    const page2 = await ledgerOf(user.id, { cursor: page1.nextCursor });
    expect(page2.items).toHaveLength(2);
    expect(page2.nextCursor).toBeNull();
    const ids = [...page1.items, ...page2.items].map((p) => Number(p.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(22);
    const usd = await ledgerOf(user.id, { currency: "USD" });
    expect(usd.items.map((p) => p.amount)).toEqual(Array.from({ length: 12 }, (_, i) => `${12 - i}.00`));
    expect(usd.wallets).toEqual([
      { currency: "INR", available: "5500.00", held: "0.00", margin: "0.00", loan: "0.00" },
      { currency: "USD", available: "78.00", held: "0.00", margin: "0.00", loan: "0.00" },
    ]);
  });

  it("is audited as a staff read of the user's money (read.ledger)", async () => {
    const user = await newUser();
    const { row } = await expectOneAuditRow(t.database.db, () => ledgerOf(user.id));
    expect(row).toMatchObject({ action: "read.ledger", target: `user:${user.id}` });
  });
});

describe("users/adjust at or below the threshold", () => {
  it("credits and debits as adjustment entries with the reason, one audit row and one message each", async () => {
    const user = await newUser();
    const credited = await expectOneAuditRow(t.database.db, () =>
      adjust(admin(), { userId: user.id, currency: "USD", amount: "150", reason: "Goodwill for an outage" }),
    );
    expect(credited.result).toMatchObject({
      status: 1,
      data: {
        userId: user.id,
        currency: "USD",
        amount: "150.00",
        reason: "Goodwill for an outage",
        state: "approved",
        requestedBy: admin().account,
        reviewId: null,
        entryId: expect.any(String),
        available: "150.00",
      },
    });
    expect(credited.row).toMatchObject({
      action: "user.adjust",
      target: `user:${user.id}`,
      reason: "Goodwill for an outage",
      actor: admin().account,
      details: { currency: "USD", amount: "150.00" },
    });

    t.clock.advance(1000);
    const debited = await expectOneAuditRow(t.database.db, () =>
      adjust(admin(), {
        userId: user.id,
        currency: "USD",
        amount: "-20.5",
        reason: "Fee charged twice back",
      }),
    );
    expect(debited.result).toMatchObject({ status: 1, data: { amount: "-20.50", available: "129.50" } });

    const ledger = await ledgerOf(user.id);
    expect(ledger.wallets).toEqual([
      { currency: "USD", available: "129.50", held: "0.00", margin: "0.00", loan: "0.00" },
    ]);
    expect(ledger.items).toEqual([
      expect.objectContaining({
        entryType: "adjustment",
        amount: "-20.50",
        balanceAfter: "129.50",
        reason: "Fee charged twice back",
        causedBy: "staff",
        staffAccount: admin().account,
        reference: `adjustment:${(debited.result.data as AdjustBalanceResponse).id}`,
      }),
      expect.objectContaining({
        entryType: "adjustment",
        amount: "150.00",
        reason: "Goodwill for an outage",
      }),
    ]);
    expect(ledger.adjustments.map((a) => [a.amount, a.state])).toEqual([
      ["-20.50", "approved"],
      ["150.00", "approved"],
    ]);
    // The user's own fund records show the same entries with the reason.
    const records = await call(t.app, "fund/records", { currency: "USD" }, user.session.headers);
    expect(records).toMatchObject({
      status: 1,
      data: {
        items: [
          { type: "adjustment", amount: "-20.50", reason: "Fee charged twice back" },
          { type: "adjustment", amount: "150.00", reason: "Goodwill for an outage" },
        ],
      },
    });
    const sent = await inbox(user.id);
    expect(sent.map((m) => [m.kind, m.params])).toEqual([
      ["balanceAdjusted", { amount: "+150.00", currency: "USD", reason: "Goodwill for an outage" }],
      ["balanceAdjusted", { amount: "-20.50", currency: "USD", reason: "Fee charged twice back" }],
    ]);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("shows the reason in the user's own message list", async () => {
    const user = await newUser();
    await adjust(admin(), { userId: user.id, currency: "INR", amount: "500", reason: "Referral bonus" });
    const list = await call(t.app, "message/list", {}, user.session.headers);
    expect(list).toMatchObject({
      status: 1,
      data: { items: [{ kind: "balanceAdjusted", params: { amount: "+500.00", reason: "Referral bonus" } }] },
    });
  });

  it("refuses a debit below zero with INSUFFICIENT_BALANCE and writes nothing", async () => {
    const user = await newUser();
    await deposit(user.id, "USD", "10.00");
    const before = await footprint(user.id);
    expect(
      await adjust(admin(), { userId: user.id, currency: "USD", amount: "-10.01", reason: "Reverse" }),
    ).toMatchObject({ status: 0, code: "INSUFFICIENT_BALANCE" });
    // No wallet yet in THB: nothing to take from.
    expect(
      await adjust(admin(), { userId: user.id, currency: "THB", amount: "-1", reason: "Reverse" }),
    ).toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    expect(await footprint(user.id)).toEqual(before);
    expect(await available(user.id, "USD")).toBe("10.00");
  });

  it("refuses bad input with its code, and an unknown user with NOT_FOUND, writing nothing", async () => {
    const user = await newUser();
    const before = await footprint(user.id);
    const base = { userId: user.id, currency: "USD", amount: "5", reason: "x" };
    for (const [body, code, field] of [
      [{ amount: "0" }, "INVALID_INPUT", "amount"],
      [{ amount: "-0.00" }, "INVALID_INPUT", "amount"],
      [{ amount: "1.001" }, "INVALID_INPUT", "amount"],
      [{ currency: "JPY", amount: "1.5" }, "INVALID_INPUT", "amount"],
      [{ amount: "1e3" }, "INVALID_INPUT", "amount"],
      [{ amount: 5 }, "INVALID_INPUT", "amount"],
      [{ currency: "XYZ" }, "INVALID_INPUT", "currency"],
      [{ reason: "  " }, "REASON_REQUIRED", "reason"],
      [{ idempotencyKey: "short" }, "INVALID_INPUT", "idempotencyKey"],
      [{ userId: "nope" }, "INVALID_INPUT", "userId"],
    ] as const)
      expect(await adjust(admin(), { ...base, ...body }), JSON.stringify(body)).toMatchObject({
        status: 0,
        code,
        params: { field },
      });
    expect(await adjust(admin(), { ...base, userId: crypto.randomUUID() })).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await footprint(user.id)).toEqual(before);
  });

  it("ignores fields that do not belong (a state, a balance)", async () => {
    const user = await newUser();
    const answer = await adjust(admin(), {
      userId: user.id,
      currency: "USD",
      amount: "5000",
      reason: "Large",
      state: "approved",
      available: "1",
    });
    expect(answer).toMatchObject({ status: 1, data: { state: "pending", available: null } });
  });
});

describe("users/adjust idempotency", () => {
  it("moves money once for concurrent duplicates of one key, each answered alike", async () => {
    const user = await newUser();
    const body = {
      userId: user.id,
      currency: "USD",
      amount: "7.25",
      reason: "Rebate",
      idempotencyKey: newKey(),
    };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => adminCall(t.app, "users/adjust", body, admin().headers)),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 1, data: { state: "approved", available: "7.25" } });
    expect(await available(user.id, "USD")).toBe("7.25");
    expect((await ledgerOf(user.id)).items).toHaveLength(1);
    expect(await inbox(user.id)).toHaveLength(1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `user:${user.id}`), eq(auditLog.action, "user.adjust")));
    expect(audits).toHaveLength(1);
    // The same key with another request is refused; the key is per staff member.
    expect(await adminCall(t.app, "users/adjust", { ...body, amount: "8" }, admin().headers)).toMatchObject({
      code: "IDEMPOTENCY_CONFLICT",
    });
    expect(await adminCall(t.app, "users/adjust", body, approver.headers)).toMatchObject({ status: 1 });
    expect(await available(user.id, "USD")).toBe("14.50");
  });

  it("lets a refused request be retried with its key once it can succeed", async () => {
    const user = await newUser();
    const body = {
      userId: user.id,
      currency: "USD",
      amount: "-5",
      reason: "Claw back",
      idempotencyKey: newKey(),
    };
    expect(await adminCall(t.app, "users/adjust", body, admin().headers)).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
    });
    await deposit(user.id, "USD", "5.00");
    expect(await adminCall(t.app, "users/adjust", body, admin().headers)).toMatchObject({
      status: 1,
      data: { available: "0.00" },
    });
  });
});

describe("users/adjust above the threshold (four-eyes)", () => {
  async function requestLarge(userId: string, amount = "2500", currency = "USD") {
    const answer = await adjust(admin(), {
      userId,
      currency,
      amount,
      reason: "Compensation for a failed payout",
    });
    expect(answer).toMatchObject({ status: 1, data: { state: "pending", entryId: null, available: null } });
    return answer.data as AdjustBalanceResponse;
  }

  it("waits as a review of kind adjustment: one audit row, no posting, no message", async () => {
    const user = await newUser();
    const before = await footprint(user.id);
    const { result, row } = await expectOneAuditRow(t.database.db, () => requestLarge(user.id));
    expect(row).toMatchObject({
      action: "user.adjustRequested",
      target: `user:${user.id}`,
      details: { amount: "2500.00", reviewId: result.reviewId, fourEyesAbove: "1000" },
    });
    const after = await footprint(user.id);
    expect(after).toMatchObject({ postings: before.postings, messages: before.messages });
    expect(after.adjustments).toBe(Number(before.adjustments) + 1);
    const list = await adminCall(t.app, "reviews/list", { kind: "adjustment" }, as("support").headers);
    const item = (list.data as { items: ReviewItem[] }).items.find((i) => i.id === result.reviewId);
    expect(item).toMatchObject({
      state: "pending",
      approvalsNeeded: 1,
      subject: {
        amount: "+2,500.00",
        currency: "USD",
        adjustmentReason: "Compensation for a failed payout",
        requestedBy: admin().account,
        available: "0.00",
      },
    });
    expect((await ledgerOf(user.id)).adjustments[0]).toMatchObject({
      state: "pending",
      reviewId: result.reviewId,
    });
  });

  it("refuses the requester (SAME_APPROVER) and a role without ledger.adjust (FORBIDDEN), changing nothing", async () => {
    const user = await newUser();
    const { reviewId } = await requestLarge(user.id);
    const before = await footprint(user.id);
    expect(await decide(admin(), reviewId as string, "approve")).toMatchObject({ code: "SAME_APPROVER" });
    expect(await decide(as("reviewer"), reviewId as string, "approve")).toMatchObject({
      httpStatus: 403,
      code: "FORBIDDEN",
    });
    expect(await decide(as("reviewer"), reviewId as string, "reject", "no")).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await footprint(user.id)).toEqual(before);
  });

  it("is booked once when a second administrator approves, with the message and one audit row", async () => {
    const user = await newUser();
    const requested = await requestLarge(user.id);
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      decide(approver, requested.reviewId as string, "approve", "Checked the ticket"),
    );
    expect(result).toMatchObject({ status: 1, data: { state: "approved" } });
    expect(row).toMatchObject({ action: "review.approve", actor: approver.account });
    expect(await available(user.id, "USD")).toBe("2500.00");
    const ledger = await ledgerOf(user.id);
    expect(ledger.items).toEqual([
      expect.objectContaining({
        entryType: "adjustment",
        amount: "2500.00",
        reason: "Compensation for a failed payout",
        staffAccount: admin().account,
        reference: `adjustment:${requested.id}`,
      }),
    ]);
    expect(ledger.adjustments[0]).toMatchObject({ state: "approved", entryId: expect.any(String) });
    expect((await inbox(user.id)).map((m) => [m.kind, m.params])).toEqual([
      [
        "balanceAdjusted",
        { amount: "+2,500.00", currency: "USD", reason: "Compensation for a failed payout" },
      ],
    ]);
    expect(await decide(as("administrator"), requested.reviewId as string, "approve")).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    expect(await available(user.id, "USD")).toBe("2500.00");
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("books nothing and tells the user nothing when rejected", async () => {
    const user = await newUser();
    const requested = await requestLarge(user.id);
    const before = await footprint(user.id);
    const { result } = await expectOneAuditRow(t.database.db, () =>
      decide(approver, requested.reviewId as string, "reject", "No ticket for this"),
    );
    expect(result).toMatchObject({ status: 1, data: { state: "rejected", reason: "No ticket for this" } });
    expect(await footprint(user.id)).toEqual({ ...before, audit: before.audit + 1 });
    expect((await ledgerOf(user.id)).adjustments[0]).toMatchObject({ state: "rejected", entryId: null });
  });

  it("checks the balance at the request and again at the approval", async () => {
    const user = await newUser();
    await deposit(user.id, "USD", "3000.00");
    expect(
      await adjust(admin(), { userId: user.id, currency: "USD", amount: "-3000.01", reason: "Reverse" }),
    ).toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    const requested = await requestLarge(user.id, "-2000");
    // Meanwhile the user's own withdrawal holds 2000 of it.
    await t.database.db.transaction((tx) =>
      book(tx, {
        entry: hold("withdrawalHold", user.id, "USD", "2000"),
        userId: user.id,
        cause: { by: "user" },
        at: t.clock.now(),
      }),
    );
    expect(await available(user.id, "USD")).toBe("1000.00");
    const before = await footprint(user.id);
    expect(await decide(approver, requested.reviewId as string, "approve")).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
    });
    expect(await footprint(user.id)).toEqual(before);
    const [review] = await t.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.id, requested.reviewId as string));
    expect(review?.state).toBe("pending");
  });

  it("always asks a second administrator in a currency without a threshold", async () => {
    const user = await newUser();
    await requestLarge(user.id, "1", "JPY");
  });

  /** A control setting's change: asked for by one administrator, approved by another. */
  async function changeControl(path: "set" | "reset", body: Record<string, unknown>) {
    const asked = await adminCall(t.app, `config/${path}`, body, admin().headers);
    expect(asked).toMatchObject({ status: 1, data: { pendingChange: { reviewId: expect.any(String) } } });
    const reviewId = (asked.data as { pendingChange: { reviewId: string } }).pendingChange.reviewId;
    const decided = await adminCall(
      t.app,
      "reviews/decide",
      { kind: "settingChange", id: reviewId, decision: "approve", reason: "" },
      approver.headers,
    );
    expect(decided).toMatchObject({ status: 1, data: { state: "approved" } });
  }

  it("follows adjustment.fourEyesAbove as configured", async () => {
    const user = await newUser();
    await changeControl("set", {
      key: "adjustment.fourEyesAbove",
      value: { USD: "10", THB: "30000", INR: "80000", JPY: "100000" },
      reason: "Tighter",
    });
    try {
      await requestLarge(user.id, "10.01");
      expect(
        await adjust(admin(), { userId: user.id, currency: "JPY", amount: "500", reason: "Small" }),
      ).toMatchObject({ status: 1, data: { state: "approved", amount: "500" } });
      expect((await ledgerOf(user.id)).adjustFourEyesAbove).toMatchObject({ USD: "10", JPY: "100000" });
    } finally {
      await changeControl("reset", { key: "adjustment.fourEyesAbove", reason: "Back" });
    }
  });
});
