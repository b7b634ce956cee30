import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSessions, sessions } from "../../db/schema/index.js";
import { HOUR, MINUTE } from "../../lib/clock.js";
import { hashToken } from "../../lib/random.js";
import { buildTestApp, call, registerUser, type TestApp } from "../../../test/helper.js";
import { adminCall, createStaff, expectOneAuditRow, staffLogin, unauthorized } from "./testing.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Every guarded route of this module, with a body it accepts. */
const GUARDED = [
  ["auth/logout", {}],
  ["auth/me", {}],
  ["auth/enrollTotp", {}],
  ["auth/confirmTotp", { otp: "123456" }],
] as const;

let addressCounter = 0;
const nextAddress = () => `10.20.${++addressCounter}.1`;
const me = (headers: Record<string, string>) => adminCall(t.app, "auth/me", {}, headers);

describe("staff sessions", () => {
  it("store only the token's SHA-256, in admin_sessions and never in sessions", async () => {
    const staff = await createStaff(t.database.db, "support");
    const { token } = await staffLogin(t.app, staff, nextAddress());
    const [row] = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashToken(token)));
    expect(row?.adminUserId).toBe(staff.id);
    expect(JSON.stringify(await t.database.db.select().from(adminSessions))).not.toContain(token);
    const appSessions = await t.database.db.select().from(sessions);
    expect(appSessions.some((s) => s.tokenHash === hashToken(token))).toBe(false);
  });

  it("answer 401 on every guarded route without a session, or with an unknown or malformed token", async () => {
    const staff = await createStaff(t.database.db, "support");
    for (const [path, body] of GUARDED) {
      const attempts: Record<string, string>[] = [
        {},
        { account: staff.account },
        { account: staff.account, token: "A".repeat(43) },
        { account: staff.account, token: "garbage" },
      ];
      for (const headers of attempts) {
        expect(await adminCall(t.app, path, body, headers), path).toMatchObject(unauthorized);
      }
    }
  });

  it("never take an app user's token, on any /api/admin/ route", async () => {
    const user = await registerUser(t.app);
    for (const [path, body] of GUARDED) {
      expect(await adminCall(t.app, path, body, user.headers), path).toMatchObject(unauthorized);
    }
    // The user's session is untouched by the attempts (auth/logout above did not end it).
    expect(await call(t.app, "user/getUserinfo", {}, user.headers)).toMatchObject({ status: 1 });
  });

  it("never open an /api/vue/ route that needs a user session", async () => {
    const staff = await createStaff(t.database.db, "administrator");
    const session = await staffLogin(t.app, staff, nextAddress());
    expect(await call(t.app, "user/getUserinfo", {}, session.headers)).toMatchObject(unauthorized);
    expect(await call(t.app, "user/logout", {}, session.headers)).toMatchObject(unauthorized);
    expect(await me(session.headers)).toMatchObject({ status: 1 });
  });

  it("answer 401 when the token was issued to another staff account", async () => {
    const alice = await createStaff(t.database.db, "reviewer");
    const bob = await createStaff(t.database.db, "reviewer");
    const session = await staffLogin(t.app, alice, nextAddress());
    expect(await me({ token: session.token, account: bob.account })).toMatchObject(unauthorized);
    expect(await me(session.headers)).toMatchObject({ status: 1, data: { account: alice.account } });
  });

  it("expire after 30 idle minutes, and use within them keeps the session alive", async () => {
    const staff = await createStaff(t.database.db, "operator");
    const session = await staffLogin(t.app, staff, nextAddress());
    for (let i = 0; i < 3; i++) {
      t.clock.advance(25 * MINUTE);
      expect(await me(session.headers)).toMatchObject({ status: 1 });
    }
    t.clock.advance(30 * MINUTE + 1);
    expect(await me(session.headers)).toMatchObject(unauthorized);
  });

  it("expire 12 hours after log-in however active", async () => {
    const staff = await createStaff(t.database.db, "operator");
    const session = await staffLogin(t.app, staff, nextAddress());
    for (let elapsed = 0; elapsed + 20 * MINUTE < 12 * HOUR; elapsed += 20 * MINUTE) {
      t.clock.advance(20 * MINUTE);
      expect(await me(session.headers)).toMatchObject({ status: 1 });
    }
    t.clock.advance(20 * MINUTE);
    expect(await me(session.headers)).toMatchObject(unauthorized);
  });

  it("end on logout, at once, with one audit row; other sessions of the staff member stay", async () => {
    const staff = await createStaff(t.database.db, "reviewer");
    const leaving = await staffLogin(t.app, staff, nextAddress());
    const staying = await staffLogin(t.app, staff, nextAddress());
    expect(await me(leaving.headers)).toMatchObject({ status: 1 }); // now in the cache
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      adminCall(t.app, "auth/logout", {}, leaving.headers, "10.21.0.1"),
    );
    expect(result).toMatchObject({ status: 1, data: null });
    expect(row).toMatchObject({
      action: "staff.logout",
      actor: staff.account,
      adminUserId: staff.id,
      target: `staff:${staff.id}`,
      details: { ip: "10.21.0.1" },
    });
    expect(await me(leaving.headers)).toMatchObject(unauthorized);
    expect(await adminCall(t.app, "auth/logout", {}, leaving.headers)).toMatchObject(unauthorized);
    expect(await me(staying.headers)).toMatchObject({ status: 1 });
    const [stored] = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashToken(leaving.token)));
    expect(stored?.revokedAt).not.toBeNull();
  });

  it("answer auth/me with the role's permissions from the registry", async () => {
    const staff = await createStaff(t.database.db, "support");
    const session = await staffLogin(t.app, staff, nextAddress());
    expect(await me(session.headers)).toEqual({
      httpStatus: 200,
      status: 1,
      msg: "ok",
      data: {
        id: staff.id,
        account: staff.account,
        role: "support",
        permissions: ["users.read", "reviews.read", "ledger.read", "support.handle"],
        totpEnabled: false,
        totpRequired: false,
      },
    });
  });
});
