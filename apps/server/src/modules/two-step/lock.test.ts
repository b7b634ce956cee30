import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MINUTE } from "../../lib/clock.js";
import { buildTestApp, call, PASSWORD, type Session, type TestApp } from "../../../test/helper.js";
import { strangerRecoveryCode, twoStepUsers } from "./testing.js";

let t: TestApp;
beforeAll(async () => {
  // Failures on an account also slow its log-ins down (LoginThrottle): the waits are not what is tested.
  t = await buildTestApp({ loginSleep: async () => undefined });
});
afterAll(() => t.close());

const { codeAt, wrongCode, login, enrolled, newUser } = twoStepUsers(() => t, 41);

let spread = 0;
/** Source addresses that share nothing: IPv4 addresses of other networks and IPv6 addresses of other /64s. */
const faraway = () => {
  const n = ++spread;
  return n % 2
    ? `198.51.${n % 250}.${(n >> 8) + 1}`
    : `2001:db8:${n.toString(16)}:${(n * 7).toString(16)}::1`;
};
const in15Minutes = () => new Date(t.clock.now().getTime() + 15 * MINUTE).toISOString();

async function inbox(session: Session) {
  const answer = await call(t.app, "message/list", {}, session.headers);
  expect(answer).toMatchObject({ status: 1 });
  return (answer.data as { items: { kind: string; params: Record<string, string> }[] }).items;
}

describe("the code step of an account, under wrong codes from anywhere", () => {
  it("locks after 5 wrong codes from 5 addresses, refuses the right code until it opens, and tells the owner", async () => {
    const { session, secret } = await enrolled();
    for (let i = 0; i < 4; i++)
      expect(await login(session, wrongCode(secret), faraway())).toMatchObject({ code: "OTP_INVALID" });
    const until = in15Minutes();
    expect(await login(session, wrongCode(secret), faraway())).toMatchObject({
      status: 0,
      code: "TOTP_LOCKED",
      params: { until },
    });
    expect(await login(session, codeAt(secret), faraway())).toMatchObject({
      code: "TOTP_LOCKED",
      params: { until },
    });
    expect(await inbox(session)).toEqual([
      expect.objectContaining({ kind: "totpLocked", params: { opensAt: until } }),
    ]);

    t.clock.advance(15 * MINUTE - 1000);
    expect(await login(session, codeAt(secret), faraway())).toMatchObject({ code: "TOTP_LOCKED" });
    t.clock.advance(1000);
    expect(await login(session, codeAt(secret), faraway())).toMatchObject({ status: 1 });
    // One message for the one lock, however many refusals it caused.
    expect((await inbox(session)).map((m) => m.kind)).toEqual(["totpLocked"]);
  });

  it("keeps recovery codes open while the code step is locked, and limits them on their own count", async () => {
    const { session, secret, recoveryCodes } = await enrolled();
    for (let i = 0; i < 5; i++) await login(session, wrongCode(secret), faraway());
    expect(await login(session, codeAt(secret), faraway())).toMatchObject({ code: "TOTP_LOCKED" });
    expect(await login(session, recoveryCodes[0], faraway())).toMatchObject({ status: 1 });

    for (let i = 0; i < 4; i++)
      expect(await login(session, strangerRecoveryCode(), faraway())).toMatchObject({ code: "OTP_INVALID" });
    const until = in15Minutes();
    expect(await login(session, strangerRecoveryCode(), faraway())).toMatchObject({
      code: "RECOVERY_CODES_LOCKED",
      params: { until },
    });
    expect(await login(session, recoveryCodes[1], faraway())).toMatchObject({
      code: "RECOVERY_CODES_LOCKED",
    });
    expect((await inbox(session)).map((m) => m.kind)).toEqual(["recoveryCodesLocked", "totpLocked"]);
  });

  it("counts a parallel burst before checking any code: 5 are checked, one locks, one message", async () => {
    const { session, secret } = await enrolled();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login(session, wrongCode(secret), faraway())),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === "OTP_INVALID")).toHaveLength(4);
    expect(codes.filter((c) => c === "TOTP_LOCKED")).toHaveLength(8);
    expect((await inbox(session)).map((m) => m.kind)).toEqual(["totpLocked"]);
    expect(await login(session, codeAt(secret), faraway())).toMatchObject({ code: "TOTP_LOCKED" });
  });

  it("counts only wrong codes towards the lock: the right ones between them are given back", async () => {
    const { session, secret } = await enrolled();
    for (let round = 0; round < 3; round++) {
      expect(await login(session, wrongCode(secret), faraway())).toMatchObject({ code: "OTP_INVALID" });
      t.clock.advance(30_000);
      expect(await login(session, codeAt(secret), faraway())).toMatchObject({ status: 1 });
    }
    // Three wrong in the window so far: the fourth is still only wrong, the fifth locks.
    expect(await login(session, wrongCode(secret), faraway())).toMatchObject({ code: "OTP_INVALID" });
    expect(await login(session, wrongCode(secret), faraway())).toMatchObject({ code: "TOTP_LOCKED" });
  });

  it("counts the codes of turning two-step log-in off towards the same lock", async () => {
    const { session, secret } = await enrolled();
    const off = (otp: string) =>
      call(t.app, "user/disableTotp", { password: PASSWORD, otp }, session.headers);
    for (let i = 0; i < 3; i++) expect(await off(wrongCode(secret))).toMatchObject({ code: "OTP_INVALID" });
    expect(await login(session, wrongCode(secret), faraway())).toMatchObject({ code: "OTP_INVALID" });
    expect(await off(wrongCode(secret))).toMatchObject({ code: "TOTP_LOCKED" });
    expect(await login(session, codeAt(secret), faraway())).toMatchObject({ code: "TOTP_LOCKED" });
    expect(await off(codeAt(secret))).toMatchObject({ code: "TOTP_LOCKED" });
  });

  it("locks only the account guessed at: another user's code step stays open", async () => {
    const victim = await enrolled();
    const other = await enrolled();
    for (let i = 0; i < 5; i++) await login(victim.session, wrongCode(victim.secret), faraway());
    expect(await login(victim.session, codeAt(victim.secret), faraway())).toMatchObject({
      code: "TOTP_LOCKED",
    });
    expect(await login(other.session, codeAt(other.secret), faraway())).toMatchObject({ status: 1 });
    expect(await inbox(other.session)).toEqual([]);
  });

  it("asks nothing of an account without two-step log-in, and tells no lock before the password", async () => {
    const plain = await newUser();
    expect(await login(plain, undefined, faraway())).toMatchObject({ status: 1 });
    const { session, secret } = await enrolled();
    for (let i = 0; i < 5; i++) await login(session, wrongCode(secret), faraway());
    const wrongPassword = await call(
      t.app,
      "user/login",
      { account: session.account, password: "not-the-password", otp: codeAt(secret) },
      {},
      faraway(),
    );
    expect(wrongPassword).toMatchObject({ code: "WRONG_CREDENTIALS" });
    expect(await login(session, undefined, faraway())).toMatchObject({ code: "OTP_REQUIRED" });
  });
});
