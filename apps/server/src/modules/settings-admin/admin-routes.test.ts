import {
  ADMIN_ROLES,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  can,
  type AdminRole,
  type ConfigItem,
  type Permission,
} from "@brokerage/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerUser, type TestApp } from "../../../test/helper.js";
import {
  adminCall,
  auditCount,
  createStaff,
  expectOneAuditRow,
  staffLogin,
  unauthorized,
  type StaffLogin,
} from "../staff/testing.js";
import { getSetting } from "../settings/index.js";

let t: TestApp;
const staff = new Map<AdminRole, StaffLogin>();
let address = 0;

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ADMIN_ROLES)
    staff.set(role, await staffLogin(t.app, await createStaff(t.database.db, role), `10.75.${++address}.1`));
});
afterAll(() => t.close());

const operator = () => staff.get("operator") as StaffLogin;
const config = (path: string, body: Record<string, unknown> = {}, who = operator()) =>
  adminCall(t.app, `config/${path}`, body, who.headers);
const listed = async () => ((await config("list")).data as { items: ConfigItem[] }).items;
const itemOf = async (key: string) => (await listed()).find((i) => i.key === key);

describe("permissions", () => {
  const ROUTES: Record<string, Permission> = {
    "config/list": "config.manage",
    "config/set": "config.manage",
    "config/reset": "config.manage",
  };
  const table = ADMIN_ROLES.flatMap((role) =>
    Object.entries(ROUTES).map(([route, permission]) => [role, route, permission] as const),
  );

  it.each(table)("%s on %s (%s): allowed iff the role has it", async (role, route, permission) => {
    const answer = await adminCall(t.app, route, {}, staff.get(role)?.headers ?? {});
    if (can(role, permission)) expect(answer.httpStatus).toBe(200);
    else expect(answer).toMatchObject({ httpStatus: 403, code: "FORBIDDEN" });
  });

  it("refuses a user's token and no token", async () => {
    const user = await registerUser(t.app);
    for (const route of Object.keys(ROUTES)) {
      expect(await adminCall(t.app, route, {}, user.headers)).toMatchObject(unauthorized);
      expect(await adminCall(t.app, route, {})).toMatchObject(unauthorized);
    }
  });
});

describe("config/list", () => {
  it("lists every typed key with its value in use and default, none overridden on a fresh install", async () => {
    const items = await listed();
    expect(items.map((i) => i.key)).toEqual(SETTING_KEYS);
    for (const item of items)
      expect(item).toEqual({
        key: item.key,
        value: SETTING_DEFAULTS[item.key],
        default: SETTING_DEFAULTS[item.key],
        overridden: false,
        updatedAt: null,
        updatedBy: null,
        pendingChange: null,
      });
  });
});

describe("config/set", () => {
  it("stores a valid value with one audit row holding the old and new value; readers see it at once", async () => {
    const value = { days: [1, 2, 3, 4, 5, 6], from: "10:00", to: "22:30", timeZone: "Asia/Bangkok" };
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      config("set", { key: "withdrawal.window", value, reason: "Saturday payouts" }),
    );
    expect(result).toMatchObject({
      status: 1,
      data: {
        key: "withdrawal.window",
        value,
        default: SETTING_DEFAULTS["withdrawal.window"],
        overridden: true,
        updatedAt: t.clock.now().toISOString(),
        updatedBy: operator().account,
      },
    });
    expect(row).toMatchObject({
      action: "config.set",
      target: "config:withdrawal.window",
      reason: "Saturday payouts",
      actor: operator().account,
      details: { before: SETTING_DEFAULTS["withdrawal.window"], after: value, wasOverridden: false },
    });
    expect(await getSetting(t.database.db, "withdrawal.window")).toEqual(value);

    const next = { ...value, to: "24:00" };
    const second = await expectOneAuditRow(t.database.db, () =>
      config("set", { key: "withdrawal.window", value: next, reason: "Until midnight" }),
    );
    expect(second.row).toMatchObject({ details: { before: value, after: next, wasOverridden: true } });
    expect(await getSetting(t.database.db, "withdrawal.window")).toEqual(next);
  });

  it("sets scalar keys and a market's fees (control settings: control-changes.test.ts)", async () => {
    const trading = { ...SETTING_DEFAULTS["trading.US"], feeRate: "0.0005", minFee: "2" };
    for (const [key, value] of [
      ["exchange.spread", "0.0125"],
      ["exchange.quoteSeconds", 45],
      ["exchange.feeRate", "0.002"],
      ["trading.US", trading],
    ] as const) {
      expect(await config("set", { key, value, reason: "Tuning" }), key).toMatchObject({
        status: 1,
        data: { value, overridden: true },
      });
      expect(await getSetting(t.database.db, key)).toEqual(value);
    }
  });

  it("refuses a value its key does not accept with INVALID_INPUT on the field, writing nothing", async () => {
    const before = await listed();
    const audits = await auditCount(t.database.db);
    const window = { days: [1], from: "09:00", to: "17:00", timeZone: "Asia/Kolkata" };
    for (const [key, value, field] of [
      ["withdrawal.window", { ...window, from: "9am" }, "value.from"],
      ["withdrawal.window", { ...window, days: [7] }, "value.days.0"],
      ["withdrawal.window", { ...window, days: [1, 1] }, "value.days"],
      ["withdrawal.window", { ...window, from: "18:00" }, "value.to"],
      ["recharge.window", { ...window, timeZone: "Mars/Olympus" }, "value.timeZone"],
      ["recharge.window", undefined, "value"],
      ["withdrawal.limits", { USD: { min: "500", max: "100" } }, "value.USD.max"],
      ["withdrawal.limits", { USD: { min: "-1", max: "100" } }, "value.USD.min"],
      ["withdrawal.limits", { XXX: { min: "1", max: "100" } }, "value.XXX"],
      ["withdrawal.fourEyesAbove", { USD: 100 }, "value.USD"],
      ["adjustment.fourEyesAbove", { USD: "0" }, "value.USD"],
      ["withdrawal.minCreditScore", 60.5, "value"],
      ["withdrawal.minCreditScore", "60", "value"],
      ["exchange.spread", "1.5", "value"],
      ["exchange.quoteSeconds", 1, "value"],
      ["withdrawal.arrival", { withinHours: 2 }, "value.latestDays"],
    ] as const)
      expect(
        await config("set", { key, value, reason: "x" }),
        `${key} ${JSON.stringify(value)}`,
      ).toMatchObject({
        status: 0,
        code: "INVALID_INPUT",
        params: { field },
      });
    expect(await config("set", { key: "no.such", value: 1, reason: "x" })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "key" },
    });
    expect(await config("set", { key: "withdrawal.minCreditScore", value: 70, reason: " " })).toMatchObject({
      code: "REASON_REQUIRED",
    });
    expect(await listed()).toEqual(before);
    expect(await auditCount(t.database.db)).toBe(audits);
  });
});

describe("config/reset", () => {
  it("brings a key back to its default, audited", async () => {
    await config("set", {
      key: "withdrawal.arrival",
      value: { withinHours: 24, latestDays: 2 },
      reason: "Holiday",
    });
    expect(await itemOf("withdrawal.arrival")).toMatchObject({ overridden: true });
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      config("reset", { key: "withdrawal.arrival", reason: "Holiday over" }),
    );
    expect(result).toMatchObject({
      status: 1,
      data: { value: SETTING_DEFAULTS["withdrawal.arrival"], overridden: false, updatedBy: null },
    });
    expect(row).toMatchObject({
      action: "config.reset",
      target: "config:withdrawal.arrival",
      reason: "Holiday over",
      details: { before: { withinHours: 24, latestDays: 2 }, removed: true },
    });
    expect(await getSetting(t.database.db, "withdrawal.arrival")).toEqual(
      SETTING_DEFAULTS["withdrawal.arrival"],
    );
    expect(await config("reset", { key: "withdrawal.arrival", reason: "" })).toMatchObject({
      code: "REASON_REQUIRED",
    });
  });
});
