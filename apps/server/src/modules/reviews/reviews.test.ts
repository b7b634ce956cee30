import type { ReviewKind } from "@brokerage/api";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/index.js";
import { auditLog, messages, reviews, users } from "../../db/schema/index.js";
import { buildTestApp, registerUser, type TestApp } from "../../../test/helper.js";
import {
  adminCall,
  auditCount,
  createStaff,
  expectOneAuditRow,
  staffLogin,
  type StaffLogin,
} from "../staff/testing.js";
import { openReview } from "./queue.js";
import type { AfterCommit, Decider, ReviewHandler, ReviewRef } from "./registry.js";

/**
 * A stand-in for the "seat" kind's handler, put in the place of the seat account's own (deposits keeps
 * the real "deposit" handler): records its effects, and fails on request.
 */
class FakeSeats implements ReviewHandler {
  readonly kind = "seat" as const;
  readonly messages = { approved: "kycApproved", rejected: "kycRejected" } as const;
  readonly approved: ReviewRef[] = [];
  readonly rejected: { ref: ReviewRef; reason: string }[] = [];
  readonly failOn = new Set<string>();
  /** Subjects whose approval fails after registering its after-commit effect. */
  readonly failAfterEffect = new Set<string>();
  /** Subjects whose after-commit effect throws. */
  readonly effectThrows = new Set<string>();
  /** The after-commit effects that ran: the subject, and its review's state read by the effect. */
  readonly committed: { subjectId: string; state: Promise<string | undefined> }[] = [];

  async subjects(_db: Db, ids: readonly string[]) {
    return new Map(ids.map((id) => [id, { amount: "100.00", note: null }]));
  }
  async approve(tx: Db, review: ReviewRef, decider: Decider, afterCommit: AfterCommit) {
    if (this.failOn.has(review.subjectId)) throw new Error("seat effect failed");
    // A write inside the decision's transaction, to show it commits or rolls back with it.
    await tx.update(users).set({ creditScore: 99 }).where(eq(users.id, review.userId));
    expect(decider.account).toMatch(/^staff_/);
    if (this.effectThrows.has(review.subjectId))
      afterCommit(() => {
        throw new Error("seat after-commit effect failed");
      });
    // Read on the database, not the transaction: only a committed decision is seen there.
    afterCommit(() => this.committed.push({ subjectId: review.subjectId, state: stateOf(review.id) }));
    if (this.failAfterEffect.has(review.subjectId)) throw new Error("seat approval failed late");
    this.approved.push(review);
  }
  async reject(_tx: Db, review: ReviewRef, _decider: Decider, reason: string) {
    this.rejected.push({ ref: review, reason });
  }
}

let t: TestApp;
const seats = new FakeSeats();
let first: StaffLogin;
let second: StaffLogin;
let support: StaffLogin;
let userId: string;
let address = 0;
const nextAddress = () => `10.70.${++address}.1`;

beforeAll(async () => {
  // The fake stands in for the seat account's handler, and placements are left without one (every kind
  // has a handler now: a kind without one is made here).
  t = await buildTestApp({
    setup: (app) => {
      app.reviewRegistry.replace(seats);
      app.reviewRegistry.remove("placement");
    },
  });
  first = await staffLogin(t.app, await createStaff(t.database.db, "reviewer"), nextAddress());
  second = await staffLogin(t.app, await createStaff(t.database.db, "administrator"), nextAddress());
  support = await staffLogin(t.app, await createStaff(t.database.db, "support"), nextAddress());
  const user = await registerUser(t.app);
  const [row] = await t.database.db.select().from(users).where(eq(users.account, user.account));
  if (!row) throw new Error("no user");
  userId = row.id;
});
afterAll(() => t.close());

async function newReview(kind: ReviewKind = "seat", approvalsNeeded: 1 | 2 = 1) {
  const subjectId = crypto.randomUUID();
  const id = await openReview(t.database.db, {
    kind,
    subjectId,
    userId,
    approvalsNeeded,
    createdAt: t.clock.now(),
  });
  return { id, subjectId };
}

const decide = (session: StaffLogin, body: Record<string, unknown>) =>
  adminCall(t.app, "reviews/decide", { kind: "seat", ...body }, session.headers);

async function reviewRow(id: string) {
  const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, id));
  return row;
}

async function stateOf(id: string) {
  return (await reviewRow(id))?.state;
}

async function messagesOf(kind: string) {
  return t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.kind, kind)));
}

describe("reviews/list", () => {
  it("pages a kind's queue newest first, 20 a page, with each request's subject and account", async () => {
    const made = [];
    for (let i = 0; i < 23; i++) made.push((await newReview()).id);
    const page1 = await adminCall(t.app, "reviews/list", { kind: "seat" }, support.headers);
    expect(page1).toMatchObject({ status: 1 });
    const data1 = page1.data as {
      items: { id: string; subject: unknown; account: string }[];
      nextCursor: string;
    };
    expect(data1.items).toHaveLength(20);
    expect(data1.items[0]).toMatchObject({
      id: made.at(-1),
      subject: { amount: "100.00", note: null },
      state: "pending",
      approvals: [],
      approvalsNeeded: 1,
    });
    expect(data1.nextCursor).toEqual(expect.any(String));
    const page2 = await adminCall(
      t.app,
      "reviews/list",
      { kind: "seat", cursor: data1.nextCursor },
      support.headers,
    );
    const data2 = page2.data as { items: { id: string }[]; nextCursor: string | null };
    const seen = [...data1.items, ...data2.items].map((i) => i.id);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of made) expect(seen).toContain(id);
  });

  it("filters by state", async () => {
    const { id } = await newReview();
    expect(await decide(first, { id, decision: "reject", reason: "blurred voucher" })).toMatchObject({
      status: 1,
    });
    const answer = await adminCall(
      t.app,
      "reviews/list",
      { kind: "seat", state: "rejected" },
      support.headers,
    );
    const items = (answer.data as { items: { id: string; state: string }[] }).items;
    expect(items.map((i) => i.id)).toContain(id);
    expect(items.every((i) => i.state === "rejected")).toBe(true);
  });

  it("answers an empty page for a kind without a handler, even with requests in it", async () => {
    await newReview("placement");
    const answer = await adminCall(t.app, "reviews/list", { kind: "placement" }, support.headers);
    expect(answer).toMatchObject({ status: 1, data: { items: [], nextCursor: null } });
  });

  it("refuses a malformed body or cursor as INVALID_INPUT", async () => {
    for (const body of [{}, { kind: "nope" }, { kind: "seat", cursor: "bad" }, { kind: "seat", state: 1 }])
      expect(await adminCall(t.app, "reviews/list", body, support.headers)).toMatchObject({
        status: 0,
        code: "INVALID_INPUT",
      });
  });

  it("summarises the kinds with a handler and their pending counts", async () => {
    const answer = await adminCall(t.app, "reviews/summary", {}, support.headers);
    const kinds = (answer.data as { kinds: { kind: string; pending: number }[] }).kinds;
    const seat = kinds.find((k) => k.kind === "seat");
    expect(seat?.pending).toBeGreaterThan(0);
    expect(kinds.some((k) => k.kind === "placement")).toBe(false);
  });
});

describe("reviews/decide", () => {
  it("approves: effect, message and exactly one audit row in one transaction", async () => {
    const { id, subjectId } = await newReview();
    const before = (await messagesOf("kycApproved")).length;
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      decide(first, { id, decision: "approve", reason: "" }),
    );
    expect(result).toMatchObject({
      status: 1,
      data: { id, state: "approved", approvals: [{ adminUserId: expect.any(String) }], reason: null },
    });
    expect(row).toMatchObject({ action: "review.approve", target: `review:${id}`, actor: first.account });
    expect(seats.approved.map((r) => r.subjectId)).toContain(subjectId);
    expect(await messagesOf("kycApproved")).toHaveLength(before + 1);
    expect(await reviewRow(id)).toMatchObject({ state: "approved", decidedAt: expect.any(Date) });
  });

  it("rejects with the reason, which reaches the user's message", async () => {
    const { id, subjectId } = await newReview();
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      decide(first, { id, decision: "reject", reason: "Amount does not match the voucher" }),
    );
    expect(result).toMatchObject({
      status: 1,
      data: { state: "rejected", reason: "Amount does not match the voucher" },
    });
    expect(row).toMatchObject({ action: "review.reject", reason: "Amount does not match the voucher" });
    expect(seats.rejected.find((r) => r.ref.subjectId === subjectId)?.reason).toBe(
      "Amount does not match the voucher",
    );
    const sent = await messagesOf("kycRejected");
    expect(sent.some((m) => m.params.reason === "Amount does not match the voucher")).toBe(true);
  });

  it("requires a reason to reject", async () => {
    const { id } = await newReview();
    const before = await auditCount(t.database.db);
    expect(await decide(first, { id, decision: "reject", reason: "  " })).toMatchObject({
      status: 0,
      code: "REASON_REQUIRED",
    });
    expect(await auditCount(t.database.db)).toBe(before);
    expect((await reviewRow(id))?.state).toBe("pending");
  });

  it("refuses deciding a decided review with ORDER_STATE_INVALID, changing nothing", async () => {
    const { id } = await newReview();
    expect(await decide(first, { id, decision: "approve" })).toMatchObject({ status: 1 });
    const approvedBefore = seats.approved.length;
    const audits = await auditCount(t.database.db);
    for (const body of [
      { id, decision: "approve" },
      { id, decision: "reject", reason: "too late" },
    ])
      expect(await decide(second, body)).toMatchObject({ status: 0, code: "ORDER_STATE_INVALID" });
    expect(seats.approved.length).toBe(approvedBefore);
    expect(await auditCount(t.database.db)).toBe(audits);
  });

  it("lets exactly one of two concurrent decisions win", async () => {
    const { id } = await newReview();
    const audits = await auditCount(t.database.db);
    const answers = await Promise.all([
      decide(first, { id, decision: "approve" }),
      decide(second, { id, decision: "reject", reason: "duplicate" }),
    ]);
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.code === "ORDER_STATE_INVALID")).toHaveLength(1);
    expect(await auditCount(t.database.db)).toBe(audits + 1);
  });

  it("applies the four-eyes rule: two different approvers, the first recorded and the review kept pending", async () => {
    const { id, subjectId } = await newReview("seat", 2);
    const one = await expectOneAuditRow(t.database.db, () => decide(first, { id, decision: "approve" }));
    expect(one.result).toMatchObject({
      status: 1,
      data: { state: "pending", approvals: [{ adminUserId: expect.any(String) }], approvalsNeeded: 2 },
    });
    expect(one.row).toMatchObject({ action: "review.firstApproval", target: `review:${id}` });
    expect(seats.approved.some((r) => r.subjectId === subjectId)).toBe(false);

    const audits = await auditCount(t.database.db);
    expect(await decide(first, { id, decision: "approve" })).toMatchObject({
      status: 0,
      code: "SAME_APPROVER",
    });
    expect(await auditCount(t.database.db)).toBe(audits);

    const two = await expectOneAuditRow(t.database.db, () => decide(second, { id, decision: "approve" }));
    expect(two.result).toMatchObject({ status: 1, data: { state: "approved" } });
    expect((two.result.data as { approvals: unknown[] }).approvals).toHaveLength(2);
    expect(two.row).toMatchObject({ action: "review.approve", actor: second.account });
    expect(seats.approved.filter((r) => r.subjectId === subjectId)).toHaveLength(1);
  });

  it("lets the first approver of a four-eyes review still reject it", async () => {
    const { id } = await newReview("seat", 2);
    await decide(first, { id, decision: "approve" });
    expect(await decide(first, { id, decision: "reject", reason: "second thoughts" })).toMatchObject({
      status: 1,
      data: { state: "rejected" },
    });
  });

  it("rolls the decision back when the handler's effect fails", async () => {
    const { id, subjectId } = await newReview();
    seats.failOn.add(subjectId);
    const audits = await auditCount(t.database.db);
    const messagesBefore = (await messagesOf("kycApproved")).length;
    expect(await decide(first, { id, decision: "approve" })).toMatchObject({ httpStatus: 500 });
    expect((await reviewRow(id))?.state).toBe("pending");
    expect(await auditCount(t.database.db)).toBe(audits);
    expect(await messagesOf("kycApproved")).toHaveLength(messagesBefore);
  });

  it("runs the handler's after-commit effect once the decision has committed", async () => {
    const { id, subjectId } = await newReview();
    expect(await decide(first, { id, decision: "approve" })).toMatchObject({ status: 1 });
    const ran = seats.committed.filter((c) => c.subjectId === subjectId);
    expect(ran).toHaveLength(1);
    expect(await ran[0]?.state).toBe("approved");
  });

  it("never runs an after-commit effect of a decision that rolls back", async () => {
    const { id, subjectId } = await newReview();
    seats.failAfterEffect.add(subjectId);
    expect(await decide(first, { id, decision: "approve" })).toMatchObject({ httpStatus: 500 });
    expect((await reviewRow(id))?.state).toBe("pending");
    await new Promise((resolve) => setImmediate(resolve));
    expect(seats.committed.some((c) => c.subjectId === subjectId)).toBe(false);
  });

  it("keeps a committed decision when an after-commit effect throws, and runs the others", async () => {
    const { id, subjectId } = await newReview();
    seats.effectThrows.add(subjectId);
    expect(await decide(first, { id, decision: "approve" })).toMatchObject({
      status: 1,
      data: { state: "approved" },
    });
    expect(seats.committed.filter((c) => c.subjectId === subjectId)).toHaveLength(1);
  });

  it("answers NOT_FOUND for an unknown id, an id of another kind, or a kind without a handler", async () => {
    const placement = await newReview("placement");
    const seat = await newReview();
    for (const body of [
      { kind: "seat", id: crypto.randomUUID(), decision: "approve" },
      { kind: "seat", id: placement.id, decision: "approve" },
      { kind: "withdrawal", id: seat.id, decision: "approve" },
      { kind: "placement", id: placement.id, decision: "approve" },
    ])
      expect(await adminCall(t.app, "reviews/decide", body, first.headers)).toMatchObject({
        status: 0,
        code: "NOT_FOUND",
      });
  });

  it("refuses malformed bodies as INVALID_INPUT", async () => {
    const { id } = await newReview();
    for (const body of [
      {},
      { kind: "seat", id: "not-a-uuid", decision: "approve" },
      { kind: "seat", id, decision: "maybe" },
      { kind: "seat", id, decision: "approve", reason: "x".repeat(501) },
    ])
      expect(await adminCall(t.app, "reviews/decide", body, first.headers)).toMatchObject({
        status: 0,
        code: "INVALID_INPUT",
      });
    expect((await reviewRow(id))?.state).toBe("pending");
  });

  it("keeps the audit log append-only", async () => {
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
  });
});
