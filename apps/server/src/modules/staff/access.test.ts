import { ADMIN_ROLES, can, type AdminRole, type Permission } from "@brokerage/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { adminCall, createStaff, staffLogin, unauthorized, type StaffLogin } from "./testing.js";

/** Every back-office route of the reviews, users, staff and audit modules, with the permission it needs. */
const ROUTE_PERMISSIONS: Record<string, Permission> = {
  "reviews/summary": "reviews.read",
  "reviews/list": "reviews.read",
  "reviews/decide": "reviews.decide",
  "users/search": "users.read",
  "users/detail": "users.read",
  "users/setFlags": "users.flags",
  "users/setCreditScore": "users.creditScore",
  "users/endSessions": "users.sessions",
  "users/ledger": "ledger.read",
  "users/adjust": "ledger.adjust",
  "users/orders": "trading.read",
  "users/reveal": "users.reveal",
  "staff/list": "staff.manage",
  "staff/create": "staff.manage",
  "staff/setRole": "staff.manage",
  "staff/disable": "staff.manage",
  "audit/list": "audit.read",
  "channels/list": "channels.manage",
  "channels/save": "channels.manage",
  "deposits/voucher": "reviews.read",
};
/** Open to every staff member: the caller's own account. */
const OWN_ACCOUNT_ROUTES = ["auth/logout", "auth/me", "auth/enrollTotp", "auth/confirmTotp"];

let t: TestApp;
let user: Session;
const sessions = new Map<AdminRole, StaffLogin>();
let paths: { path: string; secured: boolean }[];

beforeAll(async () => {
  t = await buildTestApp();
  let address = 0;
  for (const role of ADMIN_ROLES)
    sessions.set(
      role,
      await staffLogin(t.app, await createStaff(t.database.db, role), `10.73.${++address}.1`),
    );
  user = await registerUser(t.app);
  const spec = t.app.swagger() as {
    paths: Record<string, { post?: { responses?: Record<string, unknown> } }>;
  };
  // A route that answers 401 needs a session; one with an optional session (market search) does not.
  paths = Object.entries(spec.paths).map(([path, item]) => ({
    path,
    secured: item.post?.responses?.["401"] !== undefined,
  }));
});
afterAll(() => t.close());

describe("back-office permissions", () => {
  const table = ADMIN_ROLES.flatMap((role) =>
    Object.entries(ROUTE_PERMISSIONS).map(([route, permission]) => [role, route, permission] as const),
  );

  it.each(table)(
    "%s on %s (%s): allowed iff the role has the permission",
    async (role, route, permission) => {
      // An empty body: an allowed call is answered by validation or the service (HTTP 200), never 401/403.
      const answer = await adminCall(t.app, route, {}, sessions.get(role)?.headers ?? {});
      if (can(role, permission)) expect(answer.httpStatus).toBe(200);
      else expect(answer).toMatchObject({ httpStatus: 403, code: "FORBIDDEN" });
    },
  );

  it("lists every admin route of these modules in the table", () => {
    const mine = paths
      .map((p) => p.path)
      .filter((p) => /^\/api\/admin\/(reviews|users|staff|audit|channels|deposits)\//.test(p))
      .map((p) => p.slice("/api/admin/".length));
    expect(mine.sort()).toEqual(Object.keys(ROUTE_PERMISSIONS).sort());
  });

  it("opens the caller's own account routes to every role", async () => {
    for (const role of ADMIN_ROLES)
      expect(await adminCall(t.app, "auth/me", {}, sessions.get(role)?.headers ?? {})).toMatchObject({
        status: 1,
        data: { role },
      });
  });
});

describe("separate sessions", () => {
  it("refuses a user token, and no token, on every /api/admin/ route but log-in", async () => {
    const admin = paths
      .map((p) => p.path)
      .filter((p) => p.startsWith("/api/admin/") && p !== "/api/admin/auth/login");
    expect(admin.length).toBeGreaterThanOrEqual(
      Object.keys(ROUTE_PERMISSIONS).length + OWN_ACCOUNT_ROUTES.length,
    );
    for (const path of admin) {
      const route = path.slice("/api/admin/".length);
      expect(await adminCall(t.app, route, {}, user.headers), path).toMatchObject(unauthorized);
      expect(await adminCall(t.app, route, {}), path).toMatchObject(unauthorized);
    }
  });

  it("refuses a staff token on every /api/vue/ route that needs a session", async () => {
    const secured = paths.filter((p) => p.secured && p.path.startsWith("/api/vue/")).map((p) => p.path);
    expect(secured).toContain("/api/vue/user/getUserinfo");
    const staff = sessions.get("administrator")?.headers ?? {};
    for (const path of secured) {
      const route = path.slice("/api/vue/".length);
      expect(await call(t.app, route, {}, staff), path).toMatchObject({
        httpStatus: 401,
        code: "UNAUTHORIZED",
      });
    }
  });
});
