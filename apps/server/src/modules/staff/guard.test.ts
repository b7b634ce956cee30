import { ADMIN_ROLES, can, PERMISSIONS, type AdminRole } from "@brokerage/api";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminUsers } from "../../db/schema/index.js";
import { ok } from "../../lib/envelope.js";
import { buildTestApp, registerUser, type TestApp } from "../../../test/helper.js";
import { requireStaff, staffAuthPlugin, staffOf } from "./guard.js";
import { DEFAULT_STAFF_SESSION_POLICY, StaffSessionService } from "./sessions.js";
import { adminCall, createStaff, staffLogin, unauthorized, type StaffLogin } from "./testing.js";

let t: TestApp;
const sessions = new Map<AdminRole, StaffLogin>();

beforeAll(async () => {
  t = await buildTestApp({
    // A test-only admin module beside staffRoutes, as later modules will be: it imports the guard and
    // registers the plugin in its own context.
    setup: (app) =>
      void app.register(
        async (module) => {
          await module.register(staffAuthPlugin);
          for (const permission of PERMISSIONS) {
            // Answers only the caller's role: nobody's personal data, as `read: false` says.
            const onRequest = requireStaff(permission, { read: false });
            module.post(`/guarded/${permission}`, { onRequest }, async (request) =>
              ok({ role: staffOf(request).role }),
            );
          }
          module.post("/anyStaff", { onRequest: module.requireStaff() }, async (request) =>
            ok(staffOf(request)),
          );
        },
        { prefix: "/api/admin/test-only" },
      ),
  });
  let address = 0;
  for (const role of ADMIN_ROLES) {
    const staff = await createStaff(t.database.db, role);
    sessions.set(role, await staffLogin(t.app, staff, `10.40.${++address}.1`));
  }
});
afterAll(() => t.close());

const forbidden = {
  httpStatus: 403,
  status: 0,
  code: "FORBIDDEN",
  msg: "You do not have permission to do this",
  params: {},
  data: null,
};

describe("requireStaff", () => {
  const table = ADMIN_ROLES.flatMap((role) => PERMISSIONS.map((permission) => [role, permission] as const));

  it.each(table)("%s on a route needing %s: allowed iff can(role, permission)", async (role, permission) => {
    const headers = sessions.get(role)?.headers ?? {};
    const answer = await adminCall(t.app, `test-only/guarded/${permission}`, {}, headers);
    if (can(role, permission)) expect(answer).toMatchObject({ httpStatus: 200, status: 1, data: { role } });
    else expect(answer).toMatchObject(forbidden);
  });

  it("lets every role through when no permission is named, and sets request.staff", async () => {
    for (const role of ADMIN_ROLES) {
      const session = sessions.get(role);
      const answer = await adminCall(t.app, "test-only/anyStaff", {}, session?.headers ?? {});
      expect(answer).toMatchObject({ status: 1, data: { account: session?.account, role } });
      expect(Object.keys(answer.data as object).sort()).toEqual([
        "account",
        "id",
        "role",
        "sessionId",
        "totpEnabled",
      ]);
    }
  });

  it("answers 401, not 403, without a staff session, whatever the permission", async () => {
    const user = await registerUser(t.app);
    for (const permission of PERMISSIONS) {
      expect(await adminCall(t.app, `test-only/guarded/${permission}`, {})).toMatchObject(unauthorized);
      expect(await adminCall(t.app, `test-only/guarded/${permission}`, {}, user.headers)).toMatchObject(
        unauthorized,
      );
    }
  });

  it("drops a disabled staff member's cached session as soon as the disabling is announced", async () => {
    const staff = await createStaff(t.database.db, "operator");
    const session = await staffLogin(t.app, staff, "10.41.0.1");
    const call = () => adminCall(t.app, "test-only/anyStaff", {}, session.headers);
    expect(await call()).toMatchObject({ status: 1 });
    await t.database.db.update(adminUsers).set({ disabled: true }).where(eq(adminUsers.id, staff.id));
    // The session is cached for a few seconds on each process: the disabling must be announced.
    expect(await call()).toMatchObject({ status: 1 });
    // Announced by another instance of the service (another module, or another process over the bus).
    const elsewhere = new StaffSessionService(
      t.database.db,
      t.clock,
      DEFAULT_STAFF_SESSION_POLICY,
      t.app.bus,
    );
    await elsewhere.endAllOf(staff.id);
    await vi.waitFor(async () => expect(await call()).toMatchObject(unauthorized));
  });

  it("covers every role and every permission of the registry", () => {
    expect(sessions.size).toBe(ADMIN_ROLES.length);
    // Each role is refused something or is the administrator, so the table exercises both answers.
    for (const role of ADMIN_ROLES) {
      if (role !== "administrator") expect(PERMISSIONS.some((p) => !can(role, p))).toBe(true);
    }
  });
});
