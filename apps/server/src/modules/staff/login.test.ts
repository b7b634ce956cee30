import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, auditLog } from "../../db/schema/index.js";
import { MINUTE } from "../../lib/clock.js";
import { buildTestApp, type TestApp } from "../../../test/helper.js";
import {
  adminCall,
  auditCount,
  BOOTSTRAP_ADMIN,
  createStaff,
  expectOneAuditRow,
  staffLogin,
  unauthorized,
} from "./testing.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (body: Record<string, unknown>, address: string) =>
  adminCall(t.app, "auth/login", body, {}, address);

describe("admin auth/login", () => {
  it("matches the account regardless of case, answers it as stored, and the session opens auth/me", async () => {
    const [admin] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.account, "admin"));
    const { result: answer, row } = await expectOneAuditRow(t.database.db, () =>
      login({ account: "ADMIN", password: BOOTSTRAP_ADMIN.password }, "10.10.0.1"),
    );
    expect(answer).toMatchObject({ status: 1, data: { account: "admin", role: "administrator" } });
    const { token } = answer.data as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row).toMatchObject({
      action: "staff.login",
      actor: "ADMIN",
      adminUserId: admin?.id,
      target: `staff:${admin?.id}`,
      reason: null,
      details: { ip: "10.10.0.1", twoStep: false },
    });

    const me = await adminCall(t.app, "auth/me", {}, { token, account: "admin" });
    expect(me).toMatchObject({
      status: 1,
      data: { id: admin?.id, account: "admin", role: "administrator", totpEnabled: false },
    });
    // The headers carry the account as answered: another spelling is another account.
    expect(await adminCall(t.app, "auth/me", {}, { token, account: "ADMIN" })).toMatchObject(unauthorized);
  });

  it("refuses a wrong password and an unknown account alike, each audited with its reason", async () => {
    const staff = await createStaff(t.database.db, "support");
    const wrong = await expectOneAuditRow(t.database.db, () =>
      login({ account: staff.account, password: "wrong-password" }, "10.11.0.1"),
    );
    const unknown = await expectOneAuditRow(t.database.db, () =>
      login({ account: "no_such_staff", password: staff.password }, "10.11.0.1"),
    );
    expect(wrong.result).toMatchObject({ httpStatus: 200, status: 0, code: "WRONG_CREDENTIALS" });
    const { requestId: _a, ...wrongRest } = wrong.result;
    const { requestId: _b, ...unknownRest } = unknown.result;
    expect(unknownRest).toEqual(wrongRest);
    expect(wrong.row).toMatchObject({
      action: "staff.loginFailed",
      actor: staff.account,
      adminUserId: staff.id,
      target: `staff:${staff.id}`,
      reason: "WRONG_CREDENTIALS",
    });
    expect(unknown.row).toMatchObject({
      action: "staff.loginFailed",
      actor: "no_such_staff",
      adminUserId: null,
      target: "staff:unknown",
      reason: "WRONG_CREDENTIALS",
    });
    expect(JSON.stringify([wrong.row, unknown.row])).not.toContain("wrong-password");
  });

  it("throttles repeated failures from one address like user log-in, until the window passes", async () => {
    const staff = await createStaff(t.database.db, "reviewer");
    for (let i = 0; i < 5; i++) {
      expect(await login({ account: staff.account, password: "wrong-password" }, "10.12.0.1")).toMatchObject({
        code: "WRONG_CREDENTIALS",
      });
    }
    const throttled = await expectOneAuditRow(t.database.db, () =>
      login({ account: staff.account.toUpperCase(), password: staff.password }, "10.12.0.1"),
    );
    expect(throttled.result).toMatchObject({ httpStatus: 200, status: 0, code: "TOO_FREQUENT" });
    expect(throttled.row).toMatchObject({ action: "staff.loginFailed", reason: "TOO_FREQUENT" });
    // The owner elsewhere is not refused for what was guessed from that address.
    expect(await login({ account: staff.account, password: staff.password }, "10.12.0.2")).toMatchObject({
      status: 1,
    });
    t.clock.advance(15 * MINUTE + 1);
    expect(await login({ account: staff.account, password: staff.password }, "10.12.0.1")).toMatchObject({
      status: 1,
    });
  });

  it("counts staff log-ins apart from user log-ins", async () => {
    const address = "10.13.0.1";
    for (let i = 0; i < 20; i++) {
      expect(await login({ account: `nobody_${i}`, password: "x" }, address)).toMatchObject({
        code: "WRONG_CREDENTIALS",
      });
    }
    expect(await login({ account: "admin", password: BOOTSTRAP_ADMIN.password }, address)).toMatchObject({
      code: "TOO_FREQUENT",
    });
    // The address is spent for staff log-ins only: a user's log-in from it is still checked.
    const user = await t.app.inject({
      method: "POST",
      url: "/api/vue/user/login",
      payload: { account: "nobody_0", password: "x-wrong-password" },
      remoteAddress: address,
    });
    expect(user.json()).toMatchObject({ code: "WRONG_CREDENTIALS" });
  });

  it("refuses a disabled staff account once the password is right, and its open sessions", async () => {
    const staff = await createStaff(t.database.db, "operator");
    const session = await staffLogin(t.app, staff, "10.14.0.1");
    await t.database.db.update(adminUsers).set({ disabled: true }).where(eq(adminUsers.id, staff.id));
    expect(await login({ account: staff.account, password: "wrong-password" }, "10.14.0.1")).toMatchObject({
      code: "WRONG_CREDENTIALS",
    });
    const refused = await expectOneAuditRow(t.database.db, () =>
      login({ account: staff.account, password: staff.password }, "10.14.0.1"),
    );
    expect(refused.result).toMatchObject({ status: 0, code: "ACCOUNT_DISABLED" });
    expect(refused.row).toMatchObject({ action: "staff.loginFailed", reason: "ACCOUNT_DISABLED" });
    expect(await adminCall(t.app, "auth/me", {}, session.headers)).toMatchObject(unauthorized);
  });

  it("no longer admits an open session of a staff member disabled without an announcement, after 5 s", async () => {
    const staff = await createStaff(t.database.db, "support");
    const session = await staffLogin(t.app, staff, "10.14.1.1");
    expect(await adminCall(t.app, "auth/me", {}, session.headers)).toMatchObject({ status: 1 });
    await t.database.db.update(adminUsers).set({ disabled: true }).where(eq(adminUsers.id, staff.id));
    t.clock.advance(5_001);
    expect(await adminCall(t.app, "auth/me", {}, session.headers)).toMatchObject(unauthorized);
  });

  it.each([
    [{}, "account"],
    [{ account: "admin" }, "password"],
    [{ account: "", password: "x" }, "account"],
    [{ account: "admin", password: "x", otp: "12345" }, "otp"],
    [{ account: "admin", password: "x", otp: "abcdef" }, "otp"],
    [{ account: 42, password: "x" }, "account"],
    [{ account: "a".repeat(65), password: "x" }, "account"],
  ])("answers INVALID_INPUT for the malformed body %j, without counting an attempt", async (body, field) => {
    const before = await auditCount(t.database.db);
    expect(await login(body, "10.15.0.1")).toMatchObject({
      httpStatus: 200,
      status: 0,
      code: "INVALID_INPUT",
      params: { field },
    });
    expect(await auditCount(t.database.db)).toBe(before);
  });

  it("answers INVALID_INPUT for a body that is not JSON", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.json()).toMatchObject({ status: 0, code: "INVALID_INPUT", params: { field: "body" } });
  });

  it("lets two identical log-ins at once both in, each with its own session and audit row", async () => {
    const staff = await createStaff(t.database.db, "reviewer");
    const before = await auditCount(t.database.db);
    const body = { account: staff.account, password: staff.password };
    const answers = await Promise.all([login(body, "10.16.0.1"), login(body, "10.16.0.1")]);
    expect(answers.map((a) => a.status)).toEqual([1, 1]);
    const [first, second] = answers.map((a) => a.data as { token: string; account: string });
    expect(first?.token).not.toBe(second?.token);
    for (const session of [first, second]) {
      const headers = { token: session?.token ?? "", account: session?.account ?? "" };
      expect(await adminCall(t.app, "auth/me", {}, headers)).toMatchObject({ status: 1 });
    }
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `staff:${staff.id}`));
    expect(rows.map((r) => r.action)).toEqual(["staff.login", "staff.login"]);
    expect(await auditCount(t.database.db)).toBe(before + 2);
  });
});

describe("admin auth documentation", () => {
  it("lists every call in the OpenAPI document, the guarded ones with their 401 and 403", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
    const doc = response.json<{
      paths: Record<string, { post?: { responses?: Record<string, unknown> } }>;
    }>();
    expect(doc.paths["/api/admin/auth/login"]?.post).toBeDefined();
    for (const path of ["logout", "me", "enrollTotp", "confirmTotp"]) {
      const responses = doc.paths[`/api/admin/auth/${path}`]?.post?.responses ?? {};
      expect(Object.keys(responses).sort(), path).toEqual(["200", "401", "403", "500"]);
    }
  });
});
