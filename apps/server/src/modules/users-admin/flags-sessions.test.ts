import { SESSION_ENDING_FLAGS, type UserFlag } from "@brokerage/api";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, sessions, users } from "../../db/schema/index.js";
import { hashToken } from "../../lib/random.js";
import {
  buildTestApp,
  call,
  PASSWORD,
  registration,
  toSession,
  type Session,
  type TestApp,
} from "../../../test/helper.js";
import { adminCall, createStaff, staffLogin, unauthorized, type StaffLogin } from "../staff/testing.js";

/**
 * A flag that refuses log-in ends the user's sessions for good, as a password change does: a token issued
 * before the flag stays dead once the flag is lifted; the user logs in again.
 */
let t: TestApp;
let operator: StaffLogin;
let address = 0;
// Registrations and log-ins are throttled per address: each from its own.
const nextAddress = () => `10.72.${++address}.1`;

beforeAll(async () => {
  t = await buildTestApp();
  operator = await staffLogin(t.app, await createStaff(t.database.db, "operator"), nextAddress());
});
afterAll(() => t.close());

async function newUser(): Promise<{ session: Session; id: string }> {
  const session = toSession(await call(t.app, "user/register", registration(), {}, nextAddress()));
  const [row] = await t.database.db.select().from(users).where(eq(users.account, session.account));
  if (!row) throw new Error("no user");
  return { session, id: row.id };
}

const setFlags = (userId: string, flags: Partial<Record<UserFlag, boolean>>, reason = "risk review") =>
  adminCall(t.app, "users/setFlags", { userId, flags, reason }, operator.headers);
const userinfo = (session: Session) => call(t.app, "user/getUserinfo", {}, session.headers);
const logIn = async (account: string) =>
  call(t.app, "user/login", { account, password: PASSWORD }, {}, nextAddress());

async function auditOf(userId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "user.setFlags"), eq(auditLog.target, `user:${userId}`)));
}

describe("a flag that refuses log-in", () => {
  it.each(SESSION_ENDING_FLAGS)(
    "%s: a token issued before it answers 401 after it is lifted",
    async (flag) => {
      const user = await newUser();
      const second = toSession(await logIn(user.session.account));
      expect(await userinfo(user.session)).toMatchObject({ status: 1 }); // cached now: the end must drop it
      expect(await setFlags(user.id, { [flag]: true })).toMatchObject({ status: 1, data: { [flag]: true } });
      expect(await userinfo(user.session)).toMatchObject(unauthorized);
      expect(await setFlags(user.id, { [flag]: false })).toMatchObject({
        status: 1,
        data: { [flag]: false },
      });
      for (const old of [user.session, second]) expect(await userinfo(old)).toMatchObject(unauthorized);
      const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows.map((r) => r.revokedAt !== null)).toEqual([true, true]);
      const audit = await auditOf(user.id);
      expect(audit.map((r) => r.details.sessionsEnded).sort()).toEqual([0, 2]);
      // Lifted: the user logs in again, and only the new token works.
      const fresh = await logIn(user.session.account);
      expect(fresh).toMatchObject({ status: 1 });
      expect(await userinfo(toSession(fresh))).toMatchObject({ status: 1 });
      expect(await userinfo(user.session)).toMatchObject(unauthorized);
    },
  );

  it("ends a session that escaped the revocation (a log-in racing the flag) when the flag is lifted", async () => {
    const user = await newUser();
    await setFlags(user.id, { frozen: true });
    // As if a log-in that read the account just before the freeze committed its session just after it.
    await t.database.db
      .update(sessions)
      .set({ revokedAt: null })
      .where(eq(sessions.tokenHash, hashToken(user.session.token)));
    expect(await userinfo(user.session)).toMatchObject(unauthorized); // the flag is checked too
    expect(await setFlags(user.id, { frozen: false })).toMatchObject({ status: 1 });
    expect(await userinfo(user.session)).toMatchObject(unauthorized);
  });

  it("revokes once when two staff members freeze the account at the same moment", async () => {
    const user = await newUser();
    const answers = await Promise.all([
      setFlags(user.id, { frozen: true }),
      setFlags(user.id, { frozen: true, loginBanned: true }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([1, 1]);
    expect(await userinfo(user.session)).toMatchObject(unauthorized);
    const ended = (await auditOf(user.id)).map((r) => r.details.sessionsEnded);
    expect(ended.sort()).toEqual([0, 1]);
  });

  it("leaves the sessions alone for the flags that do not refuse log-in", async () => {
    const user = await newUser();
    expect(await setFlags(user.id, { tradeBanned: true, withdrawBanned: true })).toMatchObject({ status: 1 });
    expect(await setFlags(user.id, { tradeBanned: false })).toMatchObject({ status: 1 });
    expect(await userinfo(user.session)).toMatchObject({ status: 1 });
    expect((await auditOf(user.id)).map((r) => r.details.sessionsEnded)).toEqual([0, 0]);
  });

  it("changes nothing for a malformed request or another user's unknown id", async () => {
    const user = await newUser();
    for (const body of [
      { userId: user.id, flags: { frozen: "yes" }, reason: "x" },
      { userId: "1", flags: { frozen: true }, reason: "x" },
      { userId: crypto.randomUUID(), flags: { frozen: true }, reason: "x" },
    ]) {
      const answer = await adminCall(t.app, "users/setFlags", body, operator.headers);
      expect(answer.status).toBe(0);
      expect(["INVALID_INPUT", "NOT_FOUND"]).toContain(answer.code);
    }
    expect(await userinfo(user.session)).toMatchObject({ status: 1 });
    expect(await auditOf(user.id)).toEqual([]);
  });
});
