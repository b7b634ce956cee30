import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { URI } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.js";
import { createStaff, staffLogin, unauthorized } from "../staff/testing.js";
import { buildTestApp, call, PASSWORD, type Session, type TestApp } from "../../../test/helper.js";
import { STEP_MS, twoStepUsers } from "./testing.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { nextAddress, newUser, codeAt, wrongCode, login, enrol, enrolled } = twoStepUsers(() => t, 40);
const now = () => t.clock.now();

async function userRow(account: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.account, account));
  if (!row) throw new Error(`no user ${account}`);
  return row;
}

const status = async (session: Session) =>
  (await call(t.app, "user/twoStepStatus", {}, session.headers)).data as {
    enabled: boolean;
    enabledAt: string | null;
    pending: boolean;
    recoveryCodesLeft: number;
  };

describe("user two-step log-in: enrolment", () => {
  it("enrols with a secret and its otpauth URI, not asked at log-in until confirmed", async () => {
    const session = await newUser();
    expect(await status(session)).toEqual({
      enabled: false,
      enabledAt: null,
      pending: false,
      recoveryCodesLeft: 0,
    });
    const { secret, uri } = await enrol(session);
    const parsed = URI.parse(uri);
    expect(parsed).toMatchObject({ issuer: "Brokerage", label: session.account, digits: 6, period: 30 });
    expect(parsed.secret.base32).toBe(secret);
    expect(await status(session)).toMatchObject({ enabled: false, pending: true });
    expect(await login(session)).toMatchObject({ status: 1 });

    // Asking again replaces the secret: only the latest one confirms.
    const second = await enrol(session);
    expect(second.secret).not.toBe(secret);
    const stale = codeAt(secret);
    if (stale !== codeAt(second.secret)) {
      expect(await call(t.app, "user/confirmTotp", { otp: stale }, session.headers)).toMatchObject({
        status: 0,
        code: "OTP_INVALID",
      });
    }
    expect(
      await call(t.app, "user/confirmTotp", { otp: codeAt(second.secret) }, session.headers),
    ).toMatchObject({ status: 1 });
  });

  it("confirms with a code, answers ten recovery codes once and keeps only their hashes", async () => {
    const session = await newUser();
    const { secret } = await enrol(session);
    const refused = await call(t.app, "user/confirmTotp", { otp: wrongCode(secret) }, session.headers);
    expect(refused).toMatchObject({ status: 0, code: "OTP_INVALID" });
    expect(await status(session)).toMatchObject({ enabled: false, pending: true });

    const confirmed = await call(t.app, "user/confirmTotp", { otp: codeAt(secret) }, session.headers);
    expect(confirmed).toMatchObject({ status: 1 });
    const { recoveryCodes } = confirmed.data as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(new Set(recoveryCodes).size).toBe(10);

    const row = await userRow(session.account);
    expect(row.totpEnabledAt).toEqual(now());
    const digest = (code: string) => createHash("sha256").update(code.replaceAll("-", "")).digest("hex");
    expect([...row.totpRecoveryHashes].sort()).toEqual(recoveryCodes.map(digest).sort());
    expect(JSON.stringify(row)).not.toContain(recoveryCodes[0]);

    expect(await status(session)).toEqual({
      enabled: true,
      enabledAt: now().toISOString(),
      pending: false,
      recoveryCodesLeft: 10,
    });
    // Never shown again: enrolling and confirming once more are refused with their own code.
    expect(await call(t.app, "user/enrollTotp", {}, session.headers)).toMatchObject({
      status: 0,
      code: "TOTP_ALREADY_ENABLED",
    });
    t.clock.advance(STEP_MS);
    expect(await call(t.app, "user/confirmTotp", { otp: codeAt(secret) }, session.headers)).toMatchObject({
      status: 0,
      code: "TOTP_ALREADY_ENABLED",
    });
    expect((await userRow(session.account)).totpSecret).toBe(secret);
  });

  it("refuses a confirmation without an enrolment", async () => {
    const session = await newUser();
    expect(await call(t.app, "user/confirmTotp", { otp: "123456" }, session.headers)).toMatchObject({
      status: 0,
      code: "TOTP_NOT_ENROLLED",
    });
  });

  it("turns on once when the same code confirms twice at once; the stored hashes are the winner's codes", async () => {
    const session = await newUser();
    const { secret } = await enrol(session);
    const otp = codeAt(secret);
    const answers = await Promise.all([
      call(t.app, "user/confirmTotp", { otp }, session.headers),
      call(t.app, "user/confirmTotp", { otp }, session.headers),
    ]);
    const won = answers.filter((a) => a.status === 1);
    expect(won).toHaveLength(1);
    expect(answers.find((a) => a.status === 0)?.code).toMatch(/^(OTP_INVALID|TOTP_ALREADY_ENABLED)$/);
    const { recoveryCodes } = won[0]?.data as { recoveryCodes: string[] };
    const digest = (code: string) => createHash("sha256").update(code.replaceAll("-", "")).digest("hex");
    expect([...(await userRow(session.account)).totpRecoveryHashes].sort()).toEqual(
      recoveryCodes.map(digest).sort(),
    );
  });

  it("limits wrong confirmations: 5 in 15 minutes, then TOO_FREQUENT even for the right code", async () => {
    const session = await newUser();
    const { secret } = await enrol(session);
    for (let i = 0; i < 5; i++) {
      expect(
        await call(t.app, "user/confirmTotp", { otp: wrongCode(secret) }, session.headers),
      ).toMatchObject({ code: "OTP_INVALID" });
    }
    expect(await call(t.app, "user/confirmTotp", { otp: codeAt(secret) }, session.headers)).toMatchObject({
      code: "TOO_FREQUENT",
    });
    t.clock.advance(15 * 60_000 + 1);
    expect(await call(t.app, "user/confirmTotp", { otp: codeAt(secret) }, session.headers)).toMatchObject({
      status: 1,
    });
  });

  it("limits enrolments to 10 an hour", async () => {
    const session = await newUser();
    for (let i = 0; i < 10; i++) await enrol(session);
    expect(await call(t.app, "user/enrollTotp", {}, session.headers)).toMatchObject({
      status: 0,
      code: "TOO_FREQUENT",
    });
  });
});

describe("user/login with two-step log-in on", () => {
  it("asks for the code once the password is right, and never accepts a code twice", async () => {
    const { session, secret } = await enrolled();
    expect(await login(session)).toMatchObject({ status: 0, code: "OTP_REQUIRED" });
    // A wrong password with a right code tells nothing about the code.
    const wrongPassword = await call(
      t.app,
      "user/login",
      { account: session.account, password: "wrong-password", otp: codeAt(secret) },
      {},
      nextAddress(),
    );
    expect(wrongPassword).toMatchObject({ code: "WRONG_CREDENTIALS" });
    // The code that confirmed the enrolment (the step before) is spent.
    expect(await login(session, codeAt(secret, -1))).toMatchObject({ code: "OTP_INVALID" });
    expect(await login(session, wrongCode(secret))).toMatchObject({ status: 0, code: "OTP_INVALID" });

    const code = codeAt(secret);
    const ok = await login(session, code);
    expect(ok).toMatchObject({ status: 1, data: { account: session.account } });
    const { token } = ok.data as { token: string };
    expect(await call(t.app, "user/getUserinfo", {}, { token, account: session.account })).toMatchObject({
      status: 1,
    });

    expect(await login(session, code)).toMatchObject({ status: 0, code: "OTP_INVALID" });
    t.clock.advance(STEP_MS);
    expect(await login(session, codeAt(secret))).toMatchObject({ status: 1 });
  });

  it("accepts each recovery code once, in any case and without dashes", async () => {
    const { session, recoveryCodes } = await enrolled();
    const [first = "", second = ""] = recoveryCodes;
    const typed = first.replaceAll("-", "").toUpperCase();
    expect(await login(session, typed)).toMatchObject({ status: 1 });
    expect(await login(session, first)).toMatchObject({ status: 0, code: "OTP_INVALID" });
    expect(await status(session)).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
    expect(await login(session, "abcd-efgh-jkmn")).toMatchObject({ code: "OTP_INVALID" });
    expect(await login(session, second)).toMatchObject({ status: 1 });
    expect(await status(session)).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it("lets exactly one of two log-ins carrying the same code (or recovery code) at once in", async () => {
    const { session, secret, recoveryCodes } = await enrolled();
    for (const otp of [codeAt(secret), recoveryCodes[0] ?? ""]) {
      const answers = await Promise.all([login(session, otp), login(session, otp)]);
      expect(answers.map((a) => a.code ?? "ok").sort()).toEqual(["OTP_INVALID", "ok"]);
    }
  });

  it("counts wrong codes as failed log-ins: throttled like wrong passwords, and told to the owner", async () => {
    const { session, secret, recoveryCodes } = await enrolled();
    const address = nextAddress();
    for (let i = 0; i < 4; i++)
      expect(await login(session, wrongCode(secret), address)).toMatchObject({ code: "OTP_INVALID" });
    // The fifth wrong code also locks the account's code step (see lock.test.ts).
    expect(await login(session, wrongCode(secret), address)).toMatchObject({ code: "TOTP_LOCKED" });
    expect(await login(session, codeAt(secret), address)).toMatchObject({ code: "TOO_FREQUENT" });
    const owner = await login(session, recoveryCodes[0]);
    expect(owner).toMatchObject({ status: 1, data: { failedLogins: { count: 5 } } });
  });

  it("tells a flag only to whoever has the password and the code", async () => {
    const { session, secret } = await enrolled();
    await t.database.db.update(users).set({ frozen: true }).where(eq(users.account, session.account));
    expect(await login(session)).toMatchObject({ code: "OTP_REQUIRED" });
    expect(await login(session, wrongCode(secret))).toMatchObject({ code: "OTP_INVALID" });
    expect(await login(session, codeAt(secret))).toMatchObject({ code: "ACCOUNT_FROZEN" });
  });

  it.each([
    [{ otp: "12345" }],
    [{ otp: "1234567" }],
    [{ otp: 123456 }],
    [{ otp: "abcd-efgh" }],
    [{ otp: "abcd!efgh!jkmn" }],
    [{ otp: "" }],
  ])("answers INVALID_INPUT {field: otp} for the malformed log-in %j", async (extra) => {
    const { session } = await enrolled();
    const answer = await call(
      t.app,
      "user/login",
      { account: session.account, password: PASSWORD, ...extra },
      {},
      nextAddress(),
    );
    expect(answer).toMatchObject({ status: 0, code: "INVALID_INPUT", params: { field: "otp" } });
  });
});

describe("turning two-step log-in off", () => {
  it("needs the login password and a current code; then log-in is one step again", async () => {
    const { session, secret } = await enrolled();
    const off = (body: object) => call(t.app, "user/disableTotp", body, session.headers);
    expect(await off({ password: "wrong-password", otp: codeAt(secret) })).toMatchObject({
      status: 0,
      code: "PASSWORD_WRONG",
      params: { field: "password" },
    });
    expect(await off({ password: PASSWORD, otp: wrongCode(secret) })).toMatchObject({
      status: 0,
      code: "OTP_INVALID",
    });
    expect(await status(session)).toMatchObject({ enabled: true });
    expect(await off({ password: PASSWORD, otp: codeAt(secret) })).toMatchObject({ status: 1, data: null });

    expect(await status(session)).toEqual({
      enabled: false,
      enabledAt: null,
      pending: false,
      recoveryCodesLeft: 0,
    });
    expect(await userRow(session.account)).toMatchObject({
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      totpRecoveryHashes: [],
    });
    expect(await login(session)).toMatchObject({ status: 1 });
    expect(await off({ password: PASSWORD, otp: codeAt(secret) })).toMatchObject({
      code: "TOTP_NOT_ENABLED",
    });
    // And it can be set up again, with a new secret.
    expect((await enrol(session)).secret).not.toBe(secret);
  });

  it("takes a recovery code instead of the code (a lost phone), and not a used code", async () => {
    const { session, secret, recoveryCodes } = await enrolled();
    const code = codeAt(secret);
    expect(await login(session, code)).toMatchObject({ status: 1 });
    const off = (otp: string) =>
      call(t.app, "user/disableTotp", { password: PASSWORD, otp }, session.headers);
    expect(await off(code)).toMatchObject({ code: "OTP_INVALID" });
    expect(await off(recoveryCodes[3] ?? "")).toMatchObject({ status: 1 });
    expect(await status(session)).toMatchObject({ enabled: false });
  });

  it("limits wrong answers: 5 in 15 minutes, then TOO_FREQUENT even for the right ones", async () => {
    const { session, secret } = await enrolled();
    for (let i = 0; i < 5; i++) {
      expect(
        await call(
          t.app,
          "user/disableTotp",
          { password: "wrong-password", otp: codeAt(secret) },
          session.headers,
        ),
      ).toMatchObject({ code: "PASSWORD_WRONG" });
    }
    expect(
      await call(t.app, "user/disableTotp", { password: PASSWORD, otp: codeAt(secret) }, session.headers),
    ).toMatchObject({ code: "TOO_FREQUENT" });
    expect(await status(session)).toMatchObject({ enabled: true });
  });
});

describe("the two-step calls", () => {
  const routes: [string, object][] = [
    ["user/twoStepStatus", {}],
    ["user/enrollTotp", {}],
    ["user/confirmTotp", { otp: "123456" }],
    ["user/disableTotp", { password: PASSWORD, otp: "123456" }],
  ];

  it.each(routes)("%s refuses a missing session and a staff token", async (path, body) => {
    expect(await call(t.app, path, body)).toMatchObject(unauthorized);
    const staff = await createStaff(t.database.db, "administrator");
    const staffSession = await staffLogin(t.app, staff, nextAddress());
    expect(await call(t.app, path, body, staffSession.headers)).toMatchObject(unauthorized);
  });

  it.each([
    ["user/confirmTotp", {}, "otp"],
    ["user/confirmTotp", { otp: "12345" }, "otp"],
    ["user/confirmTotp", { otp: "abcdef" }, "otp"],
    ["user/confirmTotp", { otp: 123456 }, "otp"],
    ["user/confirmTotp", { otp: "abcd-efgh-jkmn" }, "otp"],
    ["user/disableTotp", { password: PASSWORD }, "otp"],
    ["user/disableTotp", { password: PASSWORD, otp: "12-34-56" }, "otp"],
    ["user/disableTotp", { otp: "123456" }, "password"],
    ["user/disableTotp", { password: "", otp: "123456" }, "password"],
    ["user/disableTotp", { password: ["x"], otp: "123456" }, "password"],
  ])("%s answers INVALID_INPUT for %j", async (path, body, field) => {
    const session = await newUser();
    expect(await call(t.app, path, body, session.headers)).toMatchObject({
      status: 0,
      code: "INVALID_INPUT",
      params: { field },
    });
  });
});
