import type { StaffMember } from "@brokerage/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helper.js";
import {
  adminCall,
  auditCount,
  BOOTSTRAP_ADMIN,
  createStaff,
  expectOneAuditRow,
  staffLogin,
  staffRow,
  STAFF_PASSWORD,
  unauthorized,
  type StaffLogin,
} from "./testing.js";

let t: TestApp;
let admin: StaffLogin;
let address = 0;
const nextAddress = () => `10.72.${++address}.1`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staffLogin(t.app, BOOTSTRAP_ADMIN, nextAddress());
});
afterAll(() => t.close());

const manage = (path: string, body: Record<string, unknown> = {}, session = admin) =>
  adminCall(t.app, `staff/${path}`, body, session.headers);

describe("staff/create and staff/list", () => {
  it("creates a staff member who can log in, audited once, and lists them", async () => {
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      manage("create", { account: "Reviewer_Anna", password: "Quiet-lantern-58", role: "reviewer" }),
    );
    expect(result).toMatchObject({
      status: 1,
      data: { account: "Reviewer_Anna", role: "reviewer", disabled: false, totpEnabled: false },
    });
    const created = result.data as StaffMember;
    expect(row).toMatchObject({ action: "staff.create", target: `staff:${created.id}`, actor: "admin" });
    const session = await staffLogin(
      t.app,
      { account: "reviewer_anna", password: "Quiet-lantern-58" },
      nextAddress(),
    );
    expect(await adminCall(t.app, "auth/me", {}, session.headers)).toMatchObject({
      data: { role: "reviewer" },
    });
    const list = (await manage("list")).data as { items: StaffMember[] };
    expect(list.items.map((m) => m.account)).toEqual(expect.arrayContaining(["admin", "Reviewer_Anna"]));
    expect(JSON.stringify(list)).not.toMatch(/passwordHash|totpSecret/);
  });

  it("refuses an account taken in any case, and weak passwords, writing nothing", async () => {
    await manage("create", { account: "Ops_Omar", password: "Quiet-lantern-58", role: "operator" });
    const audits = await auditCount(t.database.db);
    expect(
      await manage("create", { account: "OPS_OMAR", password: "Quiet-lantern-58", role: "support" }),
    ).toMatchObject({
      code: "ACCOUNT_EXISTS",
    });
    for (const [password, code] of [
      ["short1", "PASSWORD_TOO_SHORT"],
      ["password123", "PASSWORD_COMMON"],
      ["xx_newguy_xx", "PASSWORD_CONTAINS_ACCOUNT"],
    ] as const)
      expect(await manage("create", { account: "newguy", password, role: "support" })).toMatchObject({
        code,
      });
    expect(
      await manage("create", { account: "a b", password: "Quiet-lantern-58", role: "support" }),
    ).toMatchObject({
      code: "ACCOUNT_FORMAT",
    });
    for (const body of [{}, { account: "valid_name", password: "Quiet-lantern-58", role: "boss" }])
      expect(await manage("create", body)).toMatchObject({ code: "INVALID_INPUT" });
    expect(await auditCount(t.database.db)).toBe(audits);
  });
});

describe("staff/setRole", () => {
  it("changes a role, effective on the member's open session at once", async () => {
    const staff = await createStaff(t.database.db, "support");
    const session = await staffLogin(t.app, staff, nextAddress());
    expect(await adminCall(t.app, "audit/list", {}, session.headers)).toMatchObject({ httpStatus: 403 });
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      manage("setRole", { id: staff.id, role: "reviewer" }),
    );
    expect(result).toMatchObject({ status: 1, data: { role: "reviewer" } });
    expect(row).toMatchObject({ action: "staff.setRole", details: { before: "support", after: "reviewer" } });
    expect(await adminCall(t.app, "audit/list", {}, session.headers)).toMatchObject({ status: 1 });
  });

  it("refuses demoting oneself and the last active administrator; NOT_FOUND for an unknown id", async () => {
    const me = (await adminCall(t.app, "auth/me", {}, admin.headers)).data as { id: string };
    expect(await manage("setRole", { id: me.id, role: "support" })).toMatchObject({
      code: "STAFF_SELF_CHANGE",
    });
    expect(await manage("setRole", { id: crypto.randomUUID(), role: "support" })).toMatchObject({
      code: "NOT_FOUND",
    });
    // Another administrator, alone with the bootstrap one: neither may take the other's rights when
    // that would leave none. Disable the bootstrap one's rival after making them the last one.
    const other = await createStaff(t.database.db, "administrator");
    const otherSession = await staffLogin(t.app, other, nextAddress());
    expect(await manage("disable", { id: me.id }, otherSession)).toMatchObject({ status: 1 });
    expect(await manage("setRole", { id: other.id, role: "operator" }, otherSession)).toMatchObject({
      code: "STAFF_SELF_CHANGE",
    });
    // The bootstrap administrator is disabled now: `other` is the last one.
    const third = await createStaff(t.database.db, "administrator");
    const thirdSession = await staffLogin(t.app, third, nextAddress());
    expect(await manage("setRole", { id: other.id, role: "operator" }, thirdSession)).toMatchObject({
      status: 1,
    });
    expect(await manage("disable", { id: third.id }, thirdSession)).toMatchObject({
      code: "STAFF_SELF_CHANGE",
    });
    // Make `third` the last one seen from a demoted `other`? `other` lost staff.manage: FORBIDDEN.
    expect(await manage("disable", { id: third.id }, otherSession)).toMatchObject({ httpStatus: 403 });
    admin = thirdSession;
  });
});

describe("staff/disable", () => {
  it("disables a member and ends their sessions at once, audited once", async () => {
    const staff = await createStaff(t.database.db, "reviewer");
    const session = await staffLogin(t.app, staff, nextAddress());
    expect(await adminCall(t.app, "auth/me", {}, session.headers)).toMatchObject({ status: 1 });
    const { result, row } = await expectOneAuditRow(t.database.db, () => manage("disable", { id: staff.id }));
    expect(result).toMatchObject({ status: 1, data: { disabled: true } });
    expect(row).toMatchObject({ action: "staff.disable", target: `staff:${staff.id}` });
    expect(await adminCall(t.app, "auth/me", {}, session.headers)).toMatchObject(unauthorized);
    expect((await staffRow(t.database.db, staff.id))?.disabled).toBe(true);
    const login = await adminCall(
      t.app,
      "auth/login",
      { account: staff.account, password: STAFF_PASSWORD },
      {},
      nextAddress(),
    );
    expect(login).toMatchObject({ code: "ACCOUNT_DISABLED" });
  });

  it("refuses the last active administrator even to another administrator's rival call", async () => {
    const me = (await adminCall(t.app, "auth/me", {}, admin.headers)).data as { id: string };
    // `admin` is the only active administrator here: nobody can disable them (not themself either).
    expect(await manage("disable", { id: me.id })).toMatchObject({ code: "STAFF_SELF_CHANGE" });
    const operatorAdmin = await createStaff(t.database.db, "administrator");
    const rival = await staffLogin(t.app, operatorAdmin, nextAddress());
    const answers = await Promise.all([
      manage("disable", { id: operatorAdmin.id }),
      manage("disable", { id: me.id }, rival),
    ]);
    // Both would leave no administrator if both applied: exactly one does.
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    const refused = answers.find((a) => a.status === 0);
    expect(refused?.code === "LAST_ADMINISTRATOR" || refused?.httpStatus === 401).toBe(true);
  });
});
