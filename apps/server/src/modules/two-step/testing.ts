import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { RECOVERY_CODE_ALPHABET, TOTP_PERIOD_SECONDS } from "../../lib/totp.js";
import { appCode } from "../staff/testing.js";
import { call, PASSWORD, registration, toSession, type Session, type TestApp } from "../../../test/helper.js";

export const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

/** A well-formed recovery code that was never given out. */
export function strangerRecoveryCode(): string {
  const symbols = [...randomBytes(12)].map((byte) => RECOVERY_CODE_ALPHABET[byte % 32]).join("");
  return `${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}`;
}

/** Users with two-step log-in, and their log-ins, on the app `t()` (built later, in beforeAll). */
export function twoStepUsers(t: () => TestApp, network: number) {
  let addressCounter = 0;
  /** A fresh client address per call, so the per-address limits only bite where a test wants them to. */
  const nextAddress = () => `10.${network}.${++addressCounter % 250}.${Math.floor(addressCounter / 250) + 1}`;

  /** A new user (each from its own address: registrations are limited per address). */
  async function newUser() {
    const answer = await call(t().app, "user/register", registration(), {}, nextAddress());
    expect(answer).toMatchObject({ status: 1 });
    return toSession(answer);
  }

  const codeAt = (secret: string, offsetSteps = 0) =>
    appCode(secret, new Date(t().clock.now().getTime() + offsetSteps * STEP_MS));
  /** A code of a step far from now: well-formed, and wrong. */
  const wrongCode = (secret: string) => {
    const far = codeAt(secret, 40);
    return [-1, 0, 1].some((step) => codeAt(secret, step) === far) ? codeAt(secret, 41) : far;
  };

  const login = (session: Pick<Session, "account">, otp?: string, address = nextAddress()) =>
    call(
      t().app,
      "user/login",
      { account: session.account, password: PASSWORD, ...(otp !== undefined && { otp }) },
      {},
      address,
    );

  async function enrol(session: Session) {
    const answer = await call(t().app, "user/enrollTotp", {}, session.headers);
    expect(answer).toMatchObject({ status: 1 });
    return answer.data as { secret: string; uri: string };
  }

  /** A user with two-step log-in on: its session, secret and recovery codes. */
  async function enrolled() {
    const session = await newUser();
    const { secret } = await enrol(session);
    const confirm = await call(t().app, "user/confirmTotp", { otp: codeAt(secret) }, session.headers);
    expect(confirm).toMatchObject({ status: 1 });
    const { recoveryCodes } = confirm.data as { recoveryCodes: string[] };
    // The confirming code's step is used: the next code comes from a later step.
    t().clock.advance(STEP_MS);
    return { session, secret, recoveryCodes };
  }

  return { nextAddress, newUser, codeAt, wrongCode, login, enrol, enrolled };
}
