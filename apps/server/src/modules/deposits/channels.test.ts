import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/index.js";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import {
  adminCall,
  auditCount,
  createStaff,
  expectOneAuditRow,
  staffLogin,
  type StaffLogin,
} from "../staff/testing.js";
import { recharge } from "./testing.js";

let t: TestApp;
let admin: StaffLogin;
let operator: StaffLogin;
let reviewer: StaffLogin;
let support: StaffLogin;
let user: Session;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set("2026-01-05T06:30:00Z"); // a Monday, inside the recharge window
  const db = t.database.db;
  admin = await staffLogin(t.app, await createStaff(db, "administrator"), "10.90.0.1");
  operator = await staffLogin(t.app, await createStaff(db, "operator"), "10.90.0.2");
  reviewer = await staffLogin(t.app, await createStaff(db, "reviewer"), "10.90.0.3");
  support = await staffLogin(t.app, await createStaff(db, "support"), "10.90.0.4");
  user = await registerUser(t.app);
});
afterAll(() => t.close());

const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

const bank = (overrides: Record<string, unknown> = {}) => ({
  kind: "bank",
  name: "HDFC transfer",
  details: { accountName: "Brokerage Ltd", accountNumber: "5010 0123 4567", bankName: "HDFC Bank" },
  limits: { INR: { min: "1000", max: "200000.5" }, USD: { min: "20", max: "5000" } },
  voucherRequired: true,
  enabled: true,
  sort: 5,
  reason: "New receiving account",
  ...overrides,
});

const save = (staff: StaffLogin, body: unknown) => adminCall(t.app, "channels/save", body, staff.headers);
const userChannels = async () =>
  ((await call(t.app, "fund/rechargeChannels", {}, user.headers)).data as { channels: { id: string }[] })
    .channels;

describe("channels/list and channels/save", () => {
  it("needs channels.manage: administrators and operators, not reviewers or support", async () => {
    for (const staff of [admin, operator])
      expect(await adminCall(t.app, "channels/list", {}, staff.headers)).toMatchObject({ status: 1 });
    const audits = await auditCount(t.database.db);
    for (const staff of [reviewer, support]) {
      expect(await adminCall(t.app, "channels/list", {}, staff.headers)).toMatchObject({
        httpStatus: 403,
        code: "FORBIDDEN",
      });
      expect(await save(staff, bank())).toMatchObject({ httpStatus: 403, code: "FORBIDDEN" });
    }
    expect(await save({ token: "x", account: "y", headers: {} } as never, bank())).toMatchObject({
      httpStatus: 401,
    });
    expect(await adminCall(t.app, "channels/list", {}, user.headers)).toMatchObject({ httpStatus: 401 });
    // Each refusal of a staff member is audited (staff.forbidden); calls without a staff session are not.
    expect(await auditCount(t.database.db)).toBe(audits + 4);
  });

  it("creates a channel with one audit record of who, why and what; users see it at once", async () => {
    const { result, row } = await expectOneAuditRow(t.database.db, () => save(operator, bank()));
    expect(result).toMatchObject({
      status: 1,
      data: {
        kind: "bank",
        name: "HDFC transfer",
        demo: false,
        enabled: true,
        sort: 5,
        limits: { INR: { min: "1000.00", max: "200000.50" }, USD: { min: "20.00", max: "5000.00" } },
      },
    });
    const id = (result.data as { id: string }).id;
    expect(row).toMatchObject({
      action: "channel.save",
      actor: operator.account,
      target: `channel:${id}`,
      reason: "New receiving account",
      details: { created: true, before: null, after: { name: "HDFC transfer", enabled: true } },
    });
    expect((await userChannels()).map((c) => c.id)).toContain(id);
    const list = await adminCall(t.app, "channels/list", {}, admin.headers);
    expect((list.data as { items: { id: string }[] }).items.map((c) => c.id)).toContain(id);
  });

  it("changes a channel (a client's `demo` ignored); a disabled one is gone for users and refused", async () => {
    const created = await save(admin, bank({ name: "To close" }));
    const id = (created.data as { id: string }).id;
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      save(admin, bank({ id, name: "Closed", enabled: false, demo: true, reason: "Account closed" })),
    );
    expect(result).toMatchObject({ status: 1, data: { id, name: "Closed", enabled: false, demo: false } });
    expect(row).toMatchObject({
      reason: "Account closed",
      details: { created: false, before: { name: "To close", enabled: true }, after: { enabled: false } },
    });
    expect((await userChannels()).map((c) => c.id)).not.toContain(id);
    // Its kind stays: deposits that named it remain bank transfers.
    expect(await save(admin, { ...bank({ id }), kind: "otc", details: { key: "K-9" } })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "kind" },
    });
    expect(await recharge(t.app, user, { channelId: id, currency: "USD", amount: "100" })).toMatchObject({
      code: "CHANNEL_UNAVAILABLE",
    });
  });

  it("saves crypto and OTC channels, shown to users with their details", async () => {
    const crypto = await save(admin, {
      ...bank(),
      kind: "crypto",
      name: "USDT (TRC20)",
      details: { network: "USDT-TRC20", address: TRON_ADDRESS },
      voucherRequired: false,
    });
    const otc = await save(admin, { ...bank(), kind: "otc", name: "OTC desk", details: { key: "DESK-42" } });
    const channels = await userChannels();
    expect(channels.find((c) => c.id === (crypto.data as { id: string }).id)).toMatchObject({
      kind: "crypto",
      details: { network: "USDT-TRC20", address: TRON_ADDRESS },
      voucherRequired: false,
    });
    expect(channels.find((c) => c.id === (otc.data as { id: string }).id)).toMatchObject({
      kind: "otc",
      details: { key: "DESK-42" },
    });
  });

  it("refuses bad channels with the field, and records nothing", async () => {
    const before = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "channel.save"));
    const refusals: [Record<string, unknown>, Record<string, unknown>][] = [
      [bank({ reason: " " }), { code: "REASON_REQUIRED" }],
      [bank({ id: globalThis.crypto.randomUUID() }), { code: "NOT_FOUND" }],
      [bank({ kind: "cash" }), { code: "INVALID_INPUT" }],
      [bank({ name: "" }), { code: "INVALID_INPUT", params: { field: "name" } }],
      [bank({ details: { accountName: "A", bankName: "B" } }), { code: "INVALID_INPUT" }],
      [bank({ limits: {} }), { code: "INVALID_INPUT", params: { field: "limits" } }],
      [bank({ limits: { XYZ: { min: "1", max: "2" } } }), { code: "INVALID_INPUT" }],
      [
        bank({ limits: { USD: { min: "50", max: "10" } } }),
        { code: "INVALID_INPUT", params: { field: "limits.USD" } },
      ],
      [bank({ limits: { USD: { min: "1.001", max: "10" } } }), { params: { field: "limits.USD.min" } }],
      [bank({ limits: { JPY: { min: "100", max: "1000.5" } } }), { params: { field: "limits.JPY.max" } }],
      [bank({ limits: { USD: { min: "0", max: "10" } } }), { code: "INVALID_INPUT" }],
      [bank({ sort: -1 }), { code: "INVALID_INPUT", params: { field: "sort" } }],
      [
        bank({ kind: "crypto", details: { network: "DOGE", address: TRON_ADDRESS } }),
        { code: "INVALID_INPUT", params: { field: "details.network" } },
      ],
      [
        bank({ kind: "crypto", details: { network: "USDT-ERC20", address: TRON_ADDRESS } }),
        { code: "WALLET_ADDRESS_INVALID", params: { field: "details.address", type: "USDT-ERC20" } },
      ],
      [bank({ kind: "otc", details: { key: "" } }), { code: "INVALID_INPUT" }],
    ];
    for (const [body, expected] of refusals)
      expect(await save(admin, body)).toMatchObject({ httpStatus: 200, status: 0, ...expected });
    const after = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "channel.save"));
    expect(after).toHaveLength(before.length);
  });
});
