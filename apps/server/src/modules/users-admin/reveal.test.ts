import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { UserDetail } from "@brokerage/api";
import { maskCardNumber, maskIdNumber } from "@brokerage/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankCards, kycSubmissions } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { buildTestApp, registerUser, type TestApp } from "../../../test/helper.js";
import { FORM, submitKyc, userIdOf } from "../kyc/testing.js";
import {
  adminCall,
  auditCount,
  createStaff,
  expectOneAuditRow,
  staffLogin,
  type StaffLogin,
} from "../staff/testing.js";
import {
  bindCard,
  deposit,
  setFundPassword,
  verifyKyc,
  withdrawOk,
  type Ready,
} from "../withdrawals/testing.js";

let t: TestApp;
let imageDir: string;
let reviewer: StaffLogin;
let operator: StaffLogin;
let support: StaffLogin;
/** A user with a KYC submission, a bound card and a pending withdrawal to it. */
let owner: Ready & { submissionId: string; cardNumber: string };
/** Someone else, with a submission and a card of their own. */
let other: Ready & { submissionId: string };

beforeAll(async () => {
  imageDir = await mkdtemp(join(tmpdir(), "reveal-test-"));
  t = await buildTestApp({
    imageDir,
    authLimits: { registrationsPerAddress: { max: 200, windowMs: HOUR } },
  });
  t.clock.set("2026-01-05T06:30:00Z"); // a Monday, inside the withdrawal window
  reviewer = await staffLogin(t.app, await createStaff(t.database.db, "reviewer"), "10.92.0.1");
  operator = await staffLogin(t.app, await createStaff(t.database.db, "operator"), "10.92.0.2");
  support = await staffLogin(t.app, await createStaff(t.database.db, "support"), "10.92.0.3");
  owner = { ...(await withKyc()), cardNumber: "" };
  const [card] = await t.database.db.select().from(bankCards).where(eq(bankCards.id, owner.cardId));
  owner.cardNumber = card?.cardNumber ?? "";
  await withdrawOk(t, owner);
  other = await withKyc();
});
afterAll(async () => {
  await t.close();
  await rm(imageDir, { recursive: true, force: true });
});

/** A ready user (card, funds) who has also submitted KYC with FORM's ID number. */
async function withKyc() {
  const session = await registerUser(t.app);
  expect(await submitKyc(t.app, session)).toMatchObject({ status: 1 });
  const userId = await userIdOf(t.database.db, session);
  const [submission] = await t.database.db
    .select({ id: kycSubmissions.id })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId));
  await setFundPassword(t, session);
  await verifyKyc(t, userId);
  const cardId = await bindCard(t, session);
  await deposit(t, userId, "USD", "500.00");
  return { session, userId, cardId, submissionId: submission?.id ?? "" };
}

const reveal = (staff: StaffLogin, body: Record<string, unknown>) =>
  adminCall(t.app, "users/reveal", body, staff.headers);

describe("users/reveal", () => {
  it("answers the latest KYC ID number in full with a reason, audited with the reason and the submission", async () => {
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      reveal(reviewer, {
        userId: owner.userId,
        field: "idNumber",
        reason: "Checking against the bank's letter",
      }),
    );
    expect(result).toMatchObject({ status: 1, data: { field: "idNumber", value: FORM.idNumber } });
    expect(row).toMatchObject({
      actor: reviewer.account,
      action: "user.reveal",
      target: `user:${owner.userId}`,
      reason: "Checking against the bank's letter",
      details: { field: "idNumber", submissionId: owner.submissionId },
      createdAt: t.clock.now(),
    });
    expect(JSON.stringify(row)).not.toContain(FORM.idNumber);
  });

  it("answers a card number in full, audited with the card", async () => {
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      reveal(reviewer, {
        userId: owner.userId,
        field: "cardNumber",
        cardId: owner.cardId,
        reason: "Payout bounced",
      }),
    );
    expect(result).toMatchObject({ status: 1, data: { field: "cardNumber", value: owner.cardNumber } });
    expect(row).toMatchObject({
      details: { field: "cardNumber", cardId: owner.cardId },
      reason: "Payout bounced",
    });
    expect(JSON.stringify(row)).not.toContain(owner.cardNumber);
  });

  it("refuses a reveal without a reason, or a malformed one, revealing and writing nothing", async () => {
    const before = await auditCount(t.database.db);
    const base = { userId: owner.userId, field: "idNumber" };
    expect(await reveal(reviewer, base)).toMatchObject({
      status: 0,
      code: "INVALID_INPUT",
      params: { field: "reason" },
      data: null,
    });
    expect(await reveal(reviewer, { ...base, reason: "   " })).toMatchObject({ code: "REASON_REQUIRED" });
    for (const body of [
      { ...base, field: "password", reason: "r" },
      { userId: owner.userId, field: "cardNumber", reason: "r" },
      { ...base, userId: "x", reason: "r" },
      { ...base, submissionId: 7, reason: "r" },
      { ...base, reason: "r".repeat(501) },
    ])
      expect(await reveal(reviewer, body), JSON.stringify(body)).toMatchObject({ code: "INVALID_INPUT" });
    expect(await auditCount(t.database.db)).toBe(before);
  });

  it("answers NOT_FOUND for another user's card or submission, writing nothing", async () => {
    const before = await auditCount(t.database.db);
    for (const body of [
      { userId: owner.userId, field: "cardNumber", cardId: other.cardId, reason: "r" },
      { userId: owner.userId, field: "idNumber", submissionId: other.submissionId, reason: "r" },
      { userId: crypto.randomUUID(), field: "idNumber", reason: "r" },
    ])
      expect(await reveal(reviewer, body)).toMatchObject({ status: 0, code: "NOT_FOUND", data: null });
    expect(await auditCount(t.database.db)).toBe(before);
  });

  it("is FORBIDDEN to roles without users.reveal, and the attempt is audited", async () => {
    for (const staff of [operator, support]) {
      const { result, row } = await expectOneAuditRow(t.database.db, () =>
        reveal(staff, { userId: owner.userId, field: "idNumber", reason: "curious" }),
      );
      expect(result).toMatchObject({ httpStatus: 403, code: "FORBIDDEN", data: null });
      expect(row).toMatchObject({
        actor: staff.account,
        action: "staff.forbidden",
        target: "route:/api/admin/users/reveal",
        details: { permission: "users.reveal" },
      });
    }
  });

  it("records each of two concurrent reveals", async () => {
    const before = await auditCount(t.database.db);
    const body = { userId: other.userId, field: "cardNumber", cardId: other.cardId, reason: "twice" };
    const answers = await Promise.all([reveal(reviewer, body), reveal(reviewer, body)]);
    expect(answers.map((a) => a.status)).toEqual([1, 1]);
    expect(await auditCount(t.database.db)).toBe(before + 2);
  });

  it("shows each reveal in the user's audit trail with its reason", async () => {
    const detail = (await adminCall(t.app, "users/detail", { userId: owner.userId }, reviewer.headers))
      .data as UserDetail;
    expect(detail.audit.map((e) => [e.action, e.reason])).toEqual(
      expect.arrayContaining([
        ["user.reveal", "Checking against the bank's letter"],
        ["user.reveal", "Payout bounced"],
      ]),
    );
  });
});

describe("masked everywhere else", () => {
  it("never answers a full ID or card number outside users/reveal", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ["users/detail", { userId: owner.userId }],
      ["users/search", { q: owner.session.account }],
      ["reviews/list", { kind: "kyc" }],
      ["reviews/list", { kind: "withdrawal" }],
      ["users/ledger", { userId: owner.userId }],
      ["audit/list", { target: `user:${owner.userId}` }],
    ];
    for (const [path, body] of calls) {
      const answer = await adminCall(t.app, path, body, reviewer.headers);
      expect(answer, path).toMatchObject({ status: 1 });
      const text = JSON.stringify(answer);
      expect(text, path).not.toContain(FORM.idNumber);
      expect(text, path).not.toContain(owner.cardNumber);
    }
    const detail = (await adminCall(t.app, "users/detail", { userId: owner.userId }, reviewer.headers))
      .data as UserDetail;
    expect(detail.kyc.latest?.idNumberMasked).toBe(maskIdNumber(FORM.idNumber));
    expect(detail.cards.map((c) => c.cardNumberMasked)).toEqual([maskCardNumber(owner.cardNumber)]);
    const withdrawals = await adminCall(t.app, "reviews/list", { kind: "withdrawal" }, reviewer.headers);
    expect(JSON.stringify(withdrawals)).toContain(maskCardNumber(owner.cardNumber));
  });
});
