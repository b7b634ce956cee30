import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema/index.js";
import { DAY, MINUTE } from "../../lib/clock.js";
import { hashToken } from "../../lib/random.js";
import { buildTestApp, call, registerUser, type TestApp } from "../../../test/helper.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ sessionPolicy: { idleMs: 7 * DAY, absoluteMs: 30 * DAY } });
});
afterAll(() => t.close());

const userinfo = (headers: Record<string, string>) => call(t.app, "user/getUserinfo", {}, headers);
const unauthorized = {
  httpStatus: 401,
  status: 0,
  code: "UNAUTHORIZED",
  msg: "Please log in again",
  data: null,
};

async function sessionRow(token: string) {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row;
}

describe("sessions", () => {
  it("stores only the token's SHA-256", async () => {
    const { token } = await registerUser(t.app);
    const row = await sessionRow(token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const stored = await t.database.db.select().from(sessions);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("answers 401 without a token", async () => {
    const { account } = await registerUser(t.app);
    expect(await userinfo({ account })).toMatchObject(unauthorized);
    expect(await userinfo({})).toMatchObject(unauthorized);
  });

  it("answers 401 for an unknown token", async () => {
    const { account } = await registerUser(t.app);
    expect(await userinfo({ account, token: "A".repeat(43) })).toMatchObject(unauthorized);
    expect(await userinfo({ account, token: "garbage" })).toMatchObject(unauthorized);
  });

  it("answers 401 when the token belongs to another account", async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    expect(await userinfo({ token: alice.token, account: bob.account })).toMatchObject(unauthorized);
    expect(await userinfo(alice.headers)).toMatchObject({ status: 1 });
  });

  it("expires after the idle period, and use within it keeps the session alive", async () => {
    const { headers, token } = await registerUser(t.app);
    t.clock.advance(6 * DAY);
    expect(await userinfo(headers)).toMatchObject({ status: 1 });
    expect((await sessionRow(token))?.lastSeenAt.getTime()).toBe(t.clock.now().getTime());
    t.clock.advance(6 * DAY);
    expect(await userinfo(headers)).toMatchObject({ status: 1 });
    t.clock.advance(7 * DAY + 1);
    expect(await userinfo(headers)).toMatchObject(unauthorized);
  });

  it("expires at the absolute limit however active it is", async () => {
    const { headers } = await registerUser(t.app);
    for (let step = 0; step < 5; step++) {
      t.clock.advance(5 * DAY);
      expect(await userinfo(headers)).toMatchObject({ status: 1 });
    }
    t.clock.advance(5 * DAY);
    expect(await userinfo(headers)).toMatchObject(unauthorized);
  });

  it("writes last_seen_at at most once a minute", async () => {
    const { headers, token } = await registerUser(t.app);
    const created = (await sessionRow(token))?.lastSeenAt.getTime();
    t.clock.advance(30_000);
    await userinfo(headers);
    expect((await sessionRow(token))?.lastSeenAt.getTime()).toBe(created);
    t.clock.advance(MINUTE);
    await userinfo(headers);
    expect((await sessionRow(token))?.lastSeenAt.getTime()).toBe(t.clock.now().getTime());
  });

  it("revokes the session on logout and leaves the user's other sessions alone", async () => {
    const first = await registerUser(t.app);
    const second = await call(t.app, "user/login", { account: first.account, password: "correct-horse-1" });
    const other = { token: (second.data as { token: string }).token, account: first.account };

    expect(await call(t.app, "user/logout", undefined, first.headers)).toMatchObject({
      status: 1,
      data: null,
    });
    expect(await userinfo(first.headers)).toMatchObject(unauthorized);
    expect(await call(t.app, "user/logout", {}, first.headers)).toMatchObject(unauthorized);
    expect(await userinfo(other)).toMatchObject({ status: 1 });
    expect((await sessionRow(first.token))?.revokedAt).toBeInstanceOf(Date);
  });

  it.each([
    ["frozen", "ACCOUNT_FROZEN"],
    ["loginBanned", "LOGIN_BANNED"],
    ["disabled", "ACCOUNT_DISABLED"],
  ] as const)(
    "ends the live sessions of an account once it is %s, and log-in says why",
    async (flag, code) => {
      const { headers, account } = await registerUser(t.app);
      expect(await userinfo(headers)).toMatchObject({ status: 1 });
      const [user] = await t.database.db
        .update(users)
        .set({ [flag]: true })
        .where(eq(users.account, account))
        .returning({ id: users.id });
      // What the back office does after committing a flag (the session cache lets the flag wait for it).
      await t.app.sessions.endAllOf(user?.id ?? "");
      expect(await userinfo(headers)).toMatchObject(unauthorized);
      const again = await call(t.app, "user/login", { account, password: "correct-horse-1" }, {}, "10.3.0.1");
      expect(again).toMatchObject({ status: 0, code });
    },
  );

  it("reads a live session from the database at most once in its few cached seconds", async () => {
    const { headers, account } = await registerUser(t.app);
    expect(await userinfo(headers)).toMatchObject({ status: 1 });
    // Revoked behind the service's back (no event, as no code path does): the cache still answers…
    const [user] = await t.database.db.select().from(users).where(eq(users.account, account));
    await t.database.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.userId, user?.id ?? ""));
    expect(await userinfo(headers)).toMatchObject({ status: 1 });
    // …for a few seconds at most.
    t.clock.advance(5_000);
    expect(await userinfo(headers)).toMatchObject(unauthorized);
  });

  it("answers the user's profile", async () => {
    const { headers, account } = await registerUser(t.app);
    const answer = await userinfo(headers);
    expect(answer.data).toEqual({
      account,
      realname: null,
      inviteCode: expect.stringMatching(/^[2-9A-Z]{8}$/),
      kycStatus: "not_verified",
      fundPasswordSet: false,
      creditScore: 100,
      flags: {
        frozen: false,
        loginBanned: false,
        disabled: false,
        tradeBanned: false,
        withdrawBanned: false,
      },
      createdAt: t.clock.now().toISOString(),
    });
  });
});
