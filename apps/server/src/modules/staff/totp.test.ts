import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { URI } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/index.js";
import { MINUTE } from "../../lib/clock.js";
import { TOTP_PERIOD_SECONDS } from "../../lib/totp.js";
import { strangerRecoveryCode } from "../two-step/testing.js";
import { buildTestApp, type TestApp } from "../../../test/helper.js";
import {
  adminCall,
  appCode,
  auditCount,
  createStaff,
  expectOneAuditRow,
  staffLogin,
  staffRow,
  type StaffMember,
} from "./testing.js";

let t: TestApp;
beforeAll(async () => {
  // Failures on an account also slow its log-ins down: the waits are not what is tested here.
  t = await buildTestApp({ loginSleep: async () => undefined });
});
afterAll(() => t.close());

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
let addressCounter = 0;
const nextAddress = () => `10.30.${++addressCounter}.1`;

const login = (staff: StaffMember, otp: string | undefined, address = nextAddress()) =>
  adminCall(
    t.app,
    "auth/login",
    { account: staff.account, password: staff.password, ...(otp !== undefined && { otp }) },
    {},
    address,
  );

/** A staff member with two-step log-in on, and its secret. */
async function enrolled(role: StaffMember["role"] = "reviewer") {
  const staff = await createStaff(t.database.db, role);
  const session = await staffLogin(t.app, staff, nextAddress());
  const enrolment = await adminCall(t.app, "auth/enrollTotp", {}, session.headers);
  const { secret } = enrolment.data as { secret: string };
  const confirm = await adminCall(
    t.app,
    "auth/confirmTotp",
    { otp: appCode(secret, t.clock.now()) },
    session.headers,
  );
  expect(confirm).toMatchObject({ status: 1 });
  const { recoveryCodes } = confirm.data as { recoveryCodes: string[] };
  // The confirming code's step is used: the next log-in needs a code of a later step.
  t.clock.advance(STEP_MS);
  return { staff, session, secret, recoveryCodes };
}

const wrongCodeOf = (secret: string) => {
  const far = appCode(secret, new Date(t.clock.now().getTime() + 20 * STEP_MS));
  const near = [-1, 0, 1].map((s) => appCode(secret, new Date(t.clock.now().getTime() + s * STEP_MS)));
  return near.includes(far) ? appCode(secret, new Date(t.clock.now().getTime() + 21 * STEP_MS)) : far;
};

const auditRows = (staffId: string, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.adminUserId, staffId), eq(auditLog.action, action)));

let spread = 0;
/** Addresses that share nothing: other IPv4 networks and other IPv6 /64s. */
const faraway = () => {
  const n = ++spread;
  return n % 2 ? `198.18.${n % 250}.1` : `2001:db8:5:${n.toString(16)}::9`;
};

describe("staff two-step log-in (TOTP)", () => {
  it("enrols, confirms, then requires the code at log-in, refusing a replayed one", async () => {
    const staff = await createStaff(t.database.db, "administrator");
    const session = await staffLogin(t.app, staff, nextAddress());

    const enrol = await expectOneAuditRow(t.database.db, () =>
      adminCall(t.app, "auth/enrollTotp", {}, session.headers),
    );
    expect(enrol.row).toMatchObject({ action: "staff.totpEnrolStarted", target: `staff:${staff.id}` });
    const { secret, uri } = enrol.result.data as { secret: string; uri: string };
    const parsed = URI.parse(uri);
    expect(parsed).toMatchObject({ issuer: "Brokerage back office", label: staff.account });
    expect(parsed.secret.base32).toBe(secret);
    expect(JSON.stringify(enrol.row)).not.toContain(secret);
    // Not required before it is confirmed.
    expect(await staffRow(t.database.db, staff.id)).toMatchObject({
      totpSecret: secret,
      totpEnabledAt: null,
    });
    expect(await login(staff, undefined)).toMatchObject({ status: 1 });

    const wrongCode = appCode(secret, new Date(t.clock.now().getTime() + 10 * STEP_MS));
    const refused = await expectOneAuditRow(t.database.db, () =>
      adminCall(t.app, "auth/confirmTotp", { otp: wrongCode }, session.headers),
    );
    expect(refused.result).toMatchObject({ status: 0, code: "OTP_INVALID" });
    expect(refused.row).toMatchObject({ action: "staff.totpConfirmFailed", reason: "OTP_INVALID" });

    const confirmCode = appCode(secret, t.clock.now());
    const confirmed = await expectOneAuditRow(t.database.db, () =>
      adminCall(t.app, "auth/confirmTotp", { otp: confirmCode }, session.headers),
    );
    expect(confirmed.result).toMatchObject({ status: 1, data: { recoveryCodes: expect.any(Array) } });
    expect(confirmed.row).toMatchObject({ action: "staff.totpEnabled", actor: staff.account });
    expect(await adminCall(t.app, "auth/me", {}, session.headers)).toMatchObject({
      data: { totpEnabled: true },
    });

    const missing = await expectOneAuditRow(t.database.db, () => login(staff, undefined));
    expect(missing.result).toMatchObject({ status: 0, code: "OTP_REQUIRED" });
    expect(missing.row).toMatchObject({ action: "staff.loginFailed", reason: "OTP_REQUIRED" });
    // The code that confirmed the enrolment is spent.
    expect(await login(staff, confirmCode)).toMatchObject({ code: "OTP_INVALID" });

    t.clock.advance(STEP_MS);
    const code = appCode(secret, t.clock.now());
    const ok = await expectOneAuditRow(t.database.db, () => login(staff, code));
    expect(ok.result).toMatchObject({ status: 1, data: { account: staff.account, role: "administrator" } });
    expect(ok.row).toMatchObject({ action: "staff.login", details: { twoStep: true } });

    const replay = await expectOneAuditRow(t.database.db, () => login(staff, code));
    expect(replay.result).toMatchObject({ status: 0, code: "OTP_INVALID" });
    expect(replay.row).toMatchObject({ action: "staff.loginFailed", reason: "OTP_INVALID" });
    // Nor the code of the step before, once a later one was used.
    const earlier = appCode(secret, new Date(t.clock.now().getTime() - STEP_MS));
    if (earlier !== code) expect(await login(staff, earlier)).toMatchObject({ code: "OTP_INVALID" });

    t.clock.advance(STEP_MS);
    expect(await login(staff, appCode(secret, t.clock.now()))).toMatchObject({ status: 1 });
  });

  it("asks for the code only once the password is right", async () => {
    const { staff, secret } = await enrolled();
    const answer = await adminCall(
      t.app,
      "auth/login",
      { account: staff.account, password: "wrong-password", otp: appCode(secret, t.clock.now()) },
      {},
      nextAddress(),
    );
    expect(answer).toMatchObject({ code: "WRONG_CREDENTIALS" });
    expect(await login(staff, undefined)).toMatchObject({ code: "OTP_REQUIRED" });
  });

  it("lets exactly one of two log-ins carrying the same code at once in", async () => {
    const { staff, secret } = await enrolled();
    const code = appCode(secret, t.clock.now());
    const before = await auditCount(t.database.db);
    const answers = await Promise.all([login(staff, code), login(staff, code)]);
    expect(answers.map((a) => a.code ?? "ok").sort()).toEqual(["OTP_INVALID", "ok"]);
    expect(await auditCount(t.database.db)).toBe(before + 2);
  });

  it("counts wrong codes as failed attempts: the address is throttled as for wrong passwords", async () => {
    const { staff, secret } = await enrolled();
    const address = nextAddress();
    const wrong = appCode(secret, new Date(t.clock.now().getTime() + 20 * STEP_MS));
    for (let i = 0; i < 4; i++)
      expect(await login(staff, wrong, address)).toMatchObject({ code: "OTP_INVALID" });
    // The fifth also locks the account's code step, whatever the address (tested below).
    expect(await login(staff, wrong, address)).toMatchObject({ code: "TOTP_LOCKED" });
    expect(await login(staff, appCode(secret, t.clock.now()), address)).toMatchObject({
      code: "TOO_FREQUENT",
    });
  });

  it("keeps the secret once two-step log-in is on: enrolling again is refused, and audited", async () => {
    const { staff, session, secret } = await enrolled("operator");
    const again = await expectOneAuditRow(t.database.db, () =>
      adminCall(t.app, "auth/enrollTotp", {}, session.headers),
    );
    expect(again.result).toMatchObject({ status: 0, code: "TOTP_ALREADY_ENABLED" });
    expect(again.row).toMatchObject({ action: "staff.totpEnrolRefused", reason: "TOTP_ALREADY_ENABLED" });
    expect((await staffRow(t.database.db, staff.id))?.totpSecret).toBe(secret);
    const confirm = await adminCall(
      t.app,
      "auth/confirmTotp",
      { otp: appCode(secret, t.clock.now()) },
      session.headers,
    );
    expect(confirm).toMatchObject({ status: 0, code: "TOTP_ALREADY_ENABLED" });
  });

  it("refuses a confirmation without an enrolment, and uses only the latest enrolment's secret", async () => {
    const staff = await createStaff(t.database.db, "support");
    const session = await staffLogin(t.app, staff, nextAddress());
    const none = await expectOneAuditRow(t.database.db, () =>
      adminCall(t.app, "auth/confirmTotp", { otp: "123456" }, session.headers),
    );
    expect(none.result).toMatchObject({ status: 0, code: "TOTP_NOT_ENROLLED" });
    expect(none.row).toMatchObject({ action: "staff.totpConfirmFailed", reason: "TOTP_NOT_ENROLLED" });

    const first = (await adminCall(t.app, "auth/enrollTotp", {}, session.headers)).data as { secret: string };
    const second = (await adminCall(t.app, "auth/enrollTotp", {}, session.headers)).data as {
      secret: string;
    };
    expect(second.secret).not.toBe(first.secret);
    const stale = appCode(first.secret, t.clock.now());
    if (stale !== appCode(second.secret, t.clock.now())) {
      expect(await adminCall(t.app, "auth/confirmTotp", { otp: stale }, session.headers)).toMatchObject({
        code: "OTP_INVALID",
      });
    }
    expect(
      await adminCall(
        t.app,
        "auth/confirmTotp",
        { otp: appCode(second.secret, t.clock.now()) },
        session.headers,
      ),
    ).toMatchObject({ status: 1 });
  });

  it("gives ten recovery codes at confirmation, keeps only their hashes, and takes each for one log-in", async () => {
    const { staff, recoveryCodes } = await enrolled("administrator");
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const sha256 = (code: string) => createHash("sha256").update(code.replaceAll("-", "")).digest("hex");
    const row = await staffRow(t.database.db, staff.id);
    expect([...(row?.totpRecoveryHashes ?? [])].sort()).toEqual(recoveryCodes.map(sha256).sort());
    expect(JSON.stringify(await auditRows(staff.id, "staff.totpEnabled"))).not.toContain(recoveryCodes[0]);

    const first = recoveryCodes[0] ?? "";
    const used = await expectOneAuditRow(t.database.db, () => login(staff, first.toUpperCase()));
    expect(used.result).toMatchObject({ status: 1, data: { account: staff.account } });
    expect(used.row).toMatchObject({ action: "staff.login", details: { twoStep: true, recoveryCode: true } });
    expect(await login(staff, first)).toMatchObject({ code: "OTP_INVALID" });
    expect((await staffRow(t.database.db, staff.id))?.totpRecoveryHashes).toHaveLength(9);

    // Two log-ins spending one code at once: exactly one gets in.
    const second = recoveryCodes[1] ?? "";
    const both = await Promise.all([login(staff, second), login(staff, second)]);
    expect(both.map((a) => a.code ?? "ok").sort()).toEqual(["OTP_INVALID", "ok"]);
    expect((await staffRow(t.database.db, staff.id))?.totpRecoveryHashes).toHaveLength(8);
  });

  it("never takes one staff member's recovery code for another", async () => {
    const a = await enrolled();
    const b = await enrolled();
    expect(await login(b.staff, a.recoveryCodes[0])).toMatchObject({ code: "OTP_INVALID" });
    expect(await login(a.staff, a.recoveryCodes[0])).toMatchObject({ status: 1 });
  });

  it("locks the code step after 5 wrong codes from many addresses, audited once; recovery codes stay open, limited apart", async () => {
    const { staff, secret, recoveryCodes } = await enrolled();
    for (let i = 0; i < 4; i++)
      expect(await login(staff, wrongCodeOf(secret), faraway())).toMatchObject({ code: "OTP_INVALID" });
    const until = new Date(t.clock.now().getTime() + 15 * MINUTE).toISOString();
    expect(await login(staff, wrongCodeOf(secret), faraway())).toMatchObject({
      code: "TOTP_LOCKED",
      params: { until },
    });
    const right = () => appCode(secret, t.clock.now());
    expect(await login(staff, right(), faraway())).toMatchObject({ code: "TOTP_LOCKED", params: { until } });
    const locks = await auditRows(staff.id, "staff.totpLocked");
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ actor: staff.account, target: `staff:${staff.id}`, details: { until } });
    const refusals = await auditRows(staff.id, "staff.loginFailed");
    expect(refusals.filter((r) => r.reason === "TOTP_LOCKED")).toHaveLength(2);

    expect(await login(staff, recoveryCodes[0], faraway())).toMatchObject({ status: 1 });
    for (let i = 0; i < 4; i++)
      expect(await login(staff, strangerRecoveryCode(), faraway())).toMatchObject({ code: "OTP_INVALID" });
    expect(await login(staff, strangerRecoveryCode(), faraway())).toMatchObject({
      code: "RECOVERY_CODES_LOCKED",
    });
    expect(await login(staff, recoveryCodes[1], faraway())).toMatchObject({ code: "RECOVERY_CODES_LOCKED" });
    expect(await auditRows(staff.id, "staff.recoveryCodesLocked")).toHaveLength(1);

    t.clock.advance(15 * MINUTE);
    expect(await login(staff, right(), faraway())).toMatchObject({ status: 1 });
    expect(await login(staff, recoveryCodes[1], faraway())).toMatchObject({ status: 1 });
  });

  it("counts a parallel burst of wrong codes before checking any: exactly one lock is audited", async () => {
    const { staff, secret } = await enrolled();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => login(staff, wrongCodeOf(secret), faraway())),
    );
    expect(answers.filter((a) => a.code === "OTP_INVALID")).toHaveLength(4);
    expect(answers.filter((a) => a.code === "TOTP_LOCKED")).toHaveLength(6);
    expect(await auditRows(staff.id, "staff.totpLocked")).toHaveLength(1);
  });

  it.each([[{}], [{ otp: "12345" }], [{ otp: "abcdef" }], [{ otp: 123456 }]])(
    "answers INVALID_INPUT for the malformed confirmation %j",
    async (body) => {
      const staff = await createStaff(t.database.db, "support");
      const session = await staffLogin(t.app, staff, nextAddress());
      expect(await adminCall(t.app, "auth/confirmTotp", body, session.headers)).toMatchObject({
        status: 0,
        code: "INVALID_INPUT",
        params: { field: "otp" },
      });
    },
  );
});
