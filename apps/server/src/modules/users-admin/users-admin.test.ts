import type { UserDetail, UserSummary } from "@brokerage/api";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankCards, kycSubmissions, messages, users } from "../../db/schema/index.js";
import {
  buildTestApp,
  call,
  newAccount,
  registration,
  toSession,
  type Session,
  type TestApp,
} from "../../../test/helper.js";
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
let operator: StaffLogin;
let address = 0;
const nextAddress = () => `10.71.${++address}.1`;

beforeAll(async () => {
  t = await buildTestApp();
  operator = await staffLogin(t.app, await createStaff(t.database.db, "operator"), nextAddress());
});
afterAll(() => t.close());

async function newUser(): Promise<{ session: Session; id: string; inviteCode: string }> {
  // Registrations are throttled per address: each from its own.
  const session = toSession(await call(t.app, "user/register", registration(), {}, nextAddress()));
  const [row] = await t.database.db.select().from(users).where(eq(users.account, session.account));
  if (!row) throw new Error("no user");
  return { session, id: row.id, inviteCode: row.inviteCode };
}

const admin = (path: string, body: Record<string, unknown>) =>
  adminCall(t.app, `users/${path}`, body, operator.headers);
const detail = async (userId: string) => (await admin("detail", { userId })).data as UserDetail;

describe("users/search", () => {
  it("finds by part of the account, the real name or the invitation code, in any case", async () => {
    const user = await newUser();
    await t.database.db.update(users).set({ realname: "Priya Raman" }).where(eq(users.id, user.id));
    for (const q of [user.session.account.toUpperCase(), "priya ram", user.inviteCode.toLowerCase()]) {
      const answer = await admin("search", { q });
      expect(answer).toMatchObject({ status: 1 });
      expect((answer.data as { items: UserSummary[] }).items.map((i) => i.id)).toContain(user.id);
    }
    const none = await admin("search", { q: "%" });
    expect((none.data as { items: UserSummary[] }).items).toEqual([]);
  });

  it("pages everyone newest first, 20 a page", async () => {
    // Straight into the table: paging needs rows, not registrations.
    await t.database.db.insert(users).values(
      Array.from({ length: 21 }, (_, i) => ({
        account: newAccount("paged"),
        passwordHash: "x",
        inviteCode: `PAGE${i}${crypto.randomUUID().slice(0, 8)}`,
      })),
    );
    const page1 = (await admin("search", { q: "" })).data as { items: UserSummary[]; nextCursor: string };
    expect(page1.items).toHaveLength(20);
    const page2 = (await admin("search", { q: "", cursor: page1.nextCursor })).data as {
      items: UserSummary[];
    };
    expect(page2.items.length).toBeGreaterThan(0);
    const ids = [...page1.items, ...page2.items].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...page1.items, ...page2.items].map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await admin("search", { q: "", cursor: "bogus" })).toMatchObject({ code: "INVALID_INPUT" });
  });
});

describe("users/detail", () => {
  it("shows the profile, KYC, masked cards, live sessions and the audit trail", async () => {
    const user = await newUser();
    const now = t.clock.now();
    await t.database.db.insert(kycSubmissions).values({
      userId: user.id,
      realName: "Priya Raman",
      idNumber: "110105199001011234",
      frontPhoto: "a",
      backPhoto: "b",
      createdAt: now,
    });
    await t.database.db.insert(bankCards).values({
      userId: user.id,
      holderName: "Priya Raman",
      cardNumber: "6222021234567890123",
      bankName: "SBI",
      branchName: "Fort",
      ifsc: "SBIN0000300",
      createdAt: now,
    });
    await admin("setCreditScore", { userId: user.id, score: 80, reason: "late repayment" });
    const d = await detail(user.id);
    expect(d.profile).toMatchObject({ id: user.id, account: user.session.account, creditScore: 80 });
    expect(d.kyc.latest).toMatchObject({ realName: "Priya Raman", idNumberMasked: "110105***********4" });
    expect(d.cards).toEqual([expect.objectContaining({ cardNumberMasked: "6222***********0123" })]);
    expect(JSON.stringify(d)).not.toContain("6222021234567890123");
    expect(d.sessions.active).toBe(1);
    expect(d.audit).toEqual([
      expect.objectContaining({ action: "user.setCreditScore", reason: "late repayment" }),
    ]);
    expect(d.messages[0]).toMatchObject({ kind: "creditScoreChanged", params: { score: "80" } });
  });

  it("answers NOT_FOUND for an unknown id and INVALID_INPUT for a malformed one", async () => {
    expect(await admin("detail", { userId: crypto.randomUUID() })).toMatchObject({ code: "NOT_FOUND" });
    expect(await admin("detail", { userId: "1" })).toMatchObject({ code: "INVALID_INPUT" });
  });
});

describe("users/setFlags", () => {
  it("bans log-in with a reason: audited once, messaged, and the user's session ends at once", async () => {
    const user = await newUser();
    expect(await call(t.app, "user/getUserinfo", {}, user.session.headers)).toMatchObject({ status: 1 });
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      admin("setFlags", { userId: user.id, flags: { loginBanned: true }, reason: "fraud report" }),
    );
    expect(result).toMatchObject({
      status: 1,
      data: { frozen: false, loginBanned: true, disabled: false, tradeBanned: false, withdrawBanned: false },
    });
    expect(row).toMatchObject({
      action: "user.setFlags",
      target: `user:${user.id}`,
      reason: "fraud report",
      actor: operator.account,
    });
    expect(await call(t.app, "user/getUserinfo", {}, user.session.headers)).toMatchObject(unauthorized);
    const inbox = await t.database.db.select().from(messages).where(eq(messages.userId, user.id));
    expect(inbox).toEqual([
      expect.objectContaining({ kind: "flagsChanged", params: { reason: "fraud report" } }),
    ]);
    expect((await detail(user.id)).profile.flags.loginBanned).toBe(true);
  });

  it("bars trading without ending the sessions, and keeps the flags not named", async () => {
    const user = await newUser();
    await admin("setFlags", { userId: user.id, flags: { withdrawBanned: true }, reason: "check" });
    const answer = await admin("setFlags", {
      userId: user.id,
      flags: { tradeBanned: true },
      reason: "check",
    });
    expect(answer.data).toMatchObject({ tradeBanned: true, withdrawBanned: true });
    expect(await call(t.app, "user/getUserinfo", {}, user.session.headers)).toMatchObject({ status: 1 });
  });

  it("requires a reason and at least one known flag", async () => {
    const user = await newUser();
    const audits = await auditCount(t.database.db);
    expect(await admin("setFlags", { userId: user.id, flags: { frozen: true }, reason: " " })).toMatchObject({
      code: "REASON_REQUIRED",
    });
    for (const flags of [{}, { frozen: "yes" }])
      expect(await admin("setFlags", { userId: user.id, flags, reason: "x" })).toMatchObject({
        code: "INVALID_INPUT",
      });
    expect(
      await admin("setFlags", { userId: crypto.randomUUID(), flags: { frozen: true }, reason: "x" }),
    ).toMatchObject({ code: "NOT_FOUND" });
    expect(await auditCount(t.database.db)).toBe(audits);
  });
});

describe("users/setCreditScore", () => {
  it("sets a score within 0-100, audited and messaged", async () => {
    const user = await newUser();
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      admin("setCreditScore", { userId: user.id, score: 0, reason: "default" }),
    );
    expect(result).toMatchObject({ status: 1, data: { creditScore: 0 } });
    expect(row).toMatchObject({ action: "user.setCreditScore", details: { before: 100, after: 0 } });
    for (const score of [-1, 101, 50.5, "80"])
      expect(await admin("setCreditScore", { userId: user.id, score, reason: "x" })).toMatchObject({
        code: "INVALID_INPUT",
      });
    expect(
      await admin("setCreditScore", { userId: crypto.randomUUID(), score: 5, reason: "x" }),
    ).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("users/endSessions", () => {
  it("logs the user out everywhere, audited and messaged", async () => {
    const user = await newUser();
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      admin("endSessions", { userId: user.id, reason: "lost phone" }),
    );
    expect(result).toMatchObject({ status: 1, data: { ended: 1 } });
    expect(row).toMatchObject({ action: "user.endSessions", reason: "lost phone" });
    expect(await call(t.app, "user/getUserinfo", {}, user.session.headers)).toMatchObject(unauthorized);
    expect((await detail(user.id)).sessions.active).toBe(0);
    const inbox = await t.database.db.select().from(messages).where(eq(messages.userId, user.id));
    expect(inbox.map((m) => m.kind)).toEqual(["sessionsEnded"]);
    expect(await admin("endSessions", { userId: crypto.randomUUID(), reason: "x" })).toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
