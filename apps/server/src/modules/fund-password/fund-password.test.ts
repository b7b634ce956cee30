import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.js";
import { HOUR, MINUTE } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { MemoryRateLimiter } from "../../lib/rate-limiter.js";
import {
  buildTestApp,
  call,
  PASSWORD,
  registerUser,
  type Session,
  type TestApp,
} from "../../../test/helper.js";
import { FundPasswordService } from "./service.js";

let t: TestApp;
beforeAll(async () => {
  // Every scenario registers its own users, more than the default limit of registrations per address.
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 100, windowMs: HOUR } } });
});
afterAll(() => t.close());

const FUND = "fund-pin-246";
const NEW_FUND = "fund-pin-802";
const WRONG = "not-my-fund-pin";

const set = (session: Session | undefined, body: unknown) =>
  call(t.app, "user/setFundPassword", body, session?.headers ?? {});
const change = (session: Session | undefined, body: unknown) =>
  call(t.app, "user/changeFundPassword", body, session?.headers ?? {});
const status = (session: Session) => call(t.app, "user/fundPasswordStatus", {}, session.headers);
const changeBody = (oldFundPassword: string, fundPassword = NEW_FUND) => ({
  oldFundPassword,
  fundPassword,
  confirmFundPassword: fundPassword,
});

/** The stored fund-password columns of the account, to assert what did (not) change. */
async function stored(session: Session) {
  const [row] = await t.database.db
    .select({
      hash: users.fundPasswordHash,
      failures: users.fundPasswordFailures,
      lockedUntil: users.fundLockedUntil,
    })
    .from(users)
    .where(eq(users.account, session.account));
  if (!row) throw new Error(`no user ${session.account}`);
  return row;
}

async function userWithFundPassword(fundPassword = FUND): Promise<Session> {
  const session = await registerUser(t.app);
  expect(await set(session, { fundPassword, confirmFundPassword: fundPassword })).toMatchObject({
    status: 1,
  });
  return session;
}

async function userIdOf(session: Session): Promise<string> {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.account, session.account));
  if (!row) throw new Error(`no user ${session.account}`);
  return row.id;
}

describe("user/setFundPassword", () => {
  it("sets the fund password once, as an argon2id hash, and refuses a second time", async () => {
    const session = await registerUser(t.app);
    expect(await status(session)).toMatchObject({ status: 1, data: { set: false, lockedUntil: null } });
    expect(await set(session, { fundPassword: FUND, confirmFundPassword: FUND })).toMatchObject({
      status: 1,
      data: null,
    });
    const { hash } = await stored(session);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain(FUND);
    expect(await status(session)).toMatchObject({ data: { set: true, lockedUntil: null } });
    expect(await call(t.app, "user/getUserinfo", {}, session.headers)).toMatchObject({
      data: { fundPasswordSet: true },
    });

    expect(await set(session, { fundPassword: NEW_FUND, confirmFundPassword: NEW_FUND })).toMatchObject({
      status: 0,
      code: "FUND_PASSWORD_ALREADY_SET",
    });
    expect((await stored(session)).hash).toBe(hash);
  });

  it("refuses a mismatched confirmation and a short password, with the field", async () => {
    const session = await registerUser(t.app);
    expect(await set(session, { fundPassword: FUND, confirmFundPassword: NEW_FUND })).toMatchObject({
      status: 0,
      code: "PASSWORDS_MISMATCH",
      params: { field: "confirmFundPassword" },
    });
    expect(await set(session, { fundPassword: "12345", confirmFundPassword: "12345" })).toMatchObject({
      status: 0,
      code: "PASSWORD_TOO_SHORT",
      params: { field: "fundPassword", minLength: "6" },
    });
    expect((await stored(session)).hash).toBeNull();
  });

  it("refuses the login password", async () => {
    const session = await registerUser(t.app);
    expect(await set(session, { fundPassword: PASSWORD, confirmFundPassword: PASSWORD })).toMatchObject({
      status: 0,
      code: "FUND_PASSWORD_SAME_AS_LOGIN",
    });
    expect((await stored(session)).hash).toBeNull();
  });

  it("lets exactly one of two concurrent first settings through", async () => {
    const session = await registerUser(t.app);
    const answers = await Promise.all([
      set(session, { fundPassword: FUND, confirmFundPassword: FUND }),
      set(session, { fundPassword: NEW_FUND, confirmFundPassword: NEW_FUND }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.status === 0)).toMatchObject({ code: "FUND_PASSWORD_ALREADY_SET" });
    // The stored password is the winner's: the loser's cannot change it.
    const winner = answers[0]?.status === 1 ? FUND : NEW_FUND;
    const loser = winner === FUND ? NEW_FUND : FUND;
    expect(await change(session, changeBody(loser, "fund-pin-999"))).toMatchObject({
      code: "FUND_PASSWORD_WRONG",
    });
    expect(await change(session, changeBody(winner, "fund-pin-999"))).toMatchObject({ status: 1 });
  });
});

describe("user/changeFundPassword", () => {
  it("changes the fund password with the old one", async () => {
    const session = await userWithFundPassword();
    const before = await stored(session);
    expect(await change(session, changeBody(FUND))).toMatchObject({ status: 1, data: null });
    expect((await stored(session)).hash).not.toBe(before.hash);
    // The old one no longer opens anything; the new one does.
    expect(await change(session, changeBody(FUND, "fund-pin-777"))).toMatchObject({
      code: "FUND_PASSWORD_WRONG",
    });
    expect(await change(session, changeBody(NEW_FUND, "fund-pin-777"))).toMatchObject({ status: 1 });
  });

  it("refuses before a fund password is set", async () => {
    const session = await registerUser(t.app);
    expect(await change(session, changeBody(FUND))).toMatchObject({ code: "FUND_PASSWORD_NOT_SET" });
    expect(await stored(session)).toMatchObject({ hash: null, failures: 0 });
  });

  it("refuses a wrong old one and counts it; a right one clears the count", async () => {
    const session = await userWithFundPassword();
    const { hash } = await stored(session);
    expect(await change(session, changeBody(WRONG))).toMatchObject({
      status: 0,
      code: "FUND_PASSWORD_WRONG",
    });
    expect(await change(session, changeBody(WRONG))).toMatchObject({ code: "FUND_PASSWORD_WRONG" });
    expect(await stored(session)).toMatchObject({ hash, failures: 2, lockedUntil: null });
    expect(await change(session, changeBody(FUND))).toMatchObject({ status: 1 });
    expect(await stored(session)).toMatchObject({ failures: 0 });
  });

  it("refuses the login password and the old one as the new one", async () => {
    const session = await userWithFundPassword();
    const { hash } = await stored(session);
    expect(await change(session, changeBody(FUND, PASSWORD))).toMatchObject({
      status: 0,
      code: "FUND_PASSWORD_SAME_AS_LOGIN",
    });
    expect(await change(session, changeBody(FUND, FUND))).toMatchObject({
      status: 0,
      code: "SAME_PASSWORD",
    });
    expect((await stored(session)).hash).toBe(hash);
  });

  it("locks after 5 wrong ones in a row for 30 minutes, then opens again", async () => {
    const session = await userWithFundPassword();
    for (let i = 1; i <= 4; i++) {
      expect(await change(session, changeBody(WRONG))).toMatchObject({ code: "FUND_PASSWORD_WRONG" });
    }
    const until = new Date(t.clock.now().getTime() + 30 * MINUTE).toISOString();
    expect(await change(session, changeBody(WRONG))).toMatchObject({
      status: 0,
      code: "FUND_PASSWORD_LOCKED",
      params: { until },
    });
    expect(await stored(session)).toMatchObject({ failures: 0, lockedUntil: new Date(until) });
    expect(await status(session)).toMatchObject({ data: { set: true, lockedUntil: until } });

    // While locked even the right one is refused, and nothing more is counted.
    t.clock.advance(29 * MINUTE);
    expect(await change(session, changeBody(FUND))).toMatchObject({
      code: "FUND_PASSWORD_LOCKED",
      params: { until },
    });
    expect(await change(session, changeBody(WRONG))).toMatchObject({ code: "FUND_PASSWORD_LOCKED" });
    expect(await stored(session)).toMatchObject({ failures: 0 });

    t.clock.advance(MINUTE);
    expect(await status(session)).toMatchObject({ data: { lockedUntil: null } });
    expect(await change(session, changeBody(FUND))).toMatchObject({ status: 1 });
  });

  it("never lets one user's session touch another user's fund password", async () => {
    const alice = await userWithFundPassword(FUND);
    const bob = await userWithFundPassword(NEW_FUND);
    const aliceBefore = await stored(alice);

    // Bob's calls with Alice's password, Bob's wrong guesses and his lock are his own.
    expect(await change(bob, changeBody(FUND, "fund-pin-555"))).toMatchObject({
      code: "FUND_PASSWORD_WRONG",
    });
    for (let i = 0; i < 4; i++) await change(bob, changeBody(WRONG));
    expect(await status(bob)).toMatchObject({ data: { lockedUntil: expect.any(String) } });
    expect(
      await set(bob, { fundPassword: "fund-pin-111", confirmFundPassword: "fund-pin-111" }),
    ).toMatchObject({ code: "FUND_PASSWORD_ALREADY_SET" });
    // Extra fields naming another account are not read.
    expect(
      await change(bob, { ...changeBody(FUND, "fund-pin-555"), account: alice.account, userId: "x" }),
    ).toMatchObject({ code: "FUND_PASSWORD_LOCKED" });

    expect(await stored(alice)).toEqual(aliceBefore);
    expect(await status(alice)).toMatchObject({ data: { set: true, lockedUntil: null } });
    expect(await change(alice, changeBody(FUND, "fund-pin-555"))).toMatchObject({ status: 1 });
  });

  it("lets a change be limited when one session repeats it over and over", async () => {
    const session = await userWithFundPassword();
    const fundPasswords = ["fund-pin-a1", "fund-pin-a2", "fund-pin-a3", "fund-pin-a4", "fund-pin-a5"];
    let current = FUND;
    for (const next of fundPasswords) {
      expect(await change(session, changeBody(current, next))).toMatchObject({ status: 1 });
      current = next;
    }
    expect(await change(session, changeBody(current, "fund-pin-a6"))).toMatchObject({
      code: "TOO_FREQUENT",
    });
    t.clock.advance(61 * MINUTE);
    expect(await change(session, changeBody(current, "fund-pin-a6"))).toMatchObject({ status: 1 });
  });
});

describe("malformed input and sessions", () => {
  const huge = "x".repeat(200_000);
  // Refused input changes nothing, so the cases can share one account of each kind.
  let withoutFundPassword: Session;
  let withFundPassword: Session;
  beforeAll(async () => {
    withoutFundPassword = await registerUser(t.app);
    withFundPassword = await userWithFundPassword();
  });

  it.each<[string, "set" | "change", unknown]>([
    ["set: no body fields", "set", {}],
    ["set: no confirmation", "set", { fundPassword: FUND }],
    ["set: numbers", "set", { fundPassword: 123456789, confirmFundPassword: 123456789 }],
    ["set: null", "set", { fundPassword: null, confirmFundPassword: null }],
    ["set: an array", "set", [FUND, FUND]],
    ["set: too long", "set", { fundPassword: huge, confirmFundPassword: huge }],
    ["change: no old one", "change", { fundPassword: NEW_FUND, confirmFundPassword: NEW_FUND }],
    ["change: numbers", "change", { oldFundPassword: 1, fundPassword: 2, confirmFundPassword: 2 }],
    ["change: an object", "change", { ...changeBody(FUND), oldFundPassword: { $ne: "" } }],
    ["change: huge old one", "change", { ...changeBody(FUND), oldFundPassword: huge }],
    ["change: huge new one", "change", changeBody(FUND, huge)],
  ])("answers INVALID_INPUT and changes nothing (%s)", async (_name, action, body) => {
    const target = action === "set" ? withoutFundPassword : withFundPassword;
    const before = await stored(target);
    const answer = await (action === "set" ? set : change)(target, body);
    expect(answer).toMatchObject({ httpStatus: 200, status: 0, code: "INVALID_INPUT" });
    expect(await stored(target)).toEqual(before);
  });

  it("answers INVALID_INPUT for a body that is not JSON", async () => {
    const session = await registerUser(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/vue/user/setFundPassword",
      headers: { ...session.headers, "content-type": "application/json" },
      payload: '{"fundPassword": "fund-pin-246",',
    });
    expect(response.json()).toMatchObject({ status: 0, code: "INVALID_INPUT" });
    expect((await stored(session)).hash).toBeNull();
  });

  it("refuses every call without a session with 401, before reading the body", async () => {
    for (const path of ["user/setFundPassword", "user/changeFundPassword", "user/fundPasswordStatus"]) {
      expect(await call(t.app, path, {})).toMatchObject({ httpStatus: 401, code: "UNAUTHORIZED" });
      expect(
        await call(t.app, path, changeBody(FUND), { token: "forged-token", account: "someone" }),
      ).toMatchObject({ httpStatus: 401, code: "UNAUTHORIZED" });
    }
    expect(await set(undefined, { fundPassword: FUND, confirmFundPassword: FUND })).toMatchObject({
      httpStatus: 401,
    });
  });
});

describe("FundPasswordService.verify", () => {
  const service = () =>
    new FundPasswordService({
      db: t.database.db,
      clock: t.clock,
      rateLimiter: new MemoryRateLimiter(t.clock),
    });
  const codeOf = (promise: Promise<void>) =>
    promise.then(
      () => "OK",
      (error: unknown) => (error instanceof DomainError ? error.code : error),
    );

  it("answers NOT_SET, WRONG and resolves for the right one", async () => {
    const session = await registerUser(t.app);
    const userId = await userIdOf(session);
    const fundPasswords = service();
    expect(await codeOf(fundPasswords.verify(t.database.db, userId, FUND))).toBe("FUND_PASSWORD_NOT_SET");
    await set(session, { fundPassword: FUND, confirmFundPassword: FUND });
    expect(await codeOf(fundPasswords.verify(t.database.db, userId, WRONG))).toBe("FUND_PASSWORD_WRONG");
    expect(await stored(session)).toMatchObject({ failures: 1 });
    expect(await codeOf(fundPasswords.verify(t.database.db, userId, PASSWORD))).toBe("FUND_PASSWORD_WRONG");
    expect(await codeOf(fundPasswords.verify(t.database.db, userId, FUND))).toBe("OK");
    expect(await stored(session)).toMatchObject({ failures: 0 });
  });

  it("counts parallel wrong ones each, and locks at the limit with custom rules", async () => {
    const session = await userWithFundPassword();
    const userId = await userIdOf(session);
    const fundPasswords = new FundPasswordService({
      db: t.database.db,
      clock: t.clock,
      rateLimiter: new MemoryRateLimiter(t.clock),
      rules: { maxFailures: 3, lockMs: 10 * MINUTE },
    });
    const codes = await Promise.all(
      [1, 2, 3].map(() => codeOf(fundPasswords.verify(t.database.db, userId, WRONG))),
    );
    expect(codes.sort()).toEqual(["FUND_PASSWORD_LOCKED", "FUND_PASSWORD_WRONG", "FUND_PASSWORD_WRONG"]);
    const until = new Date(t.clock.now().getTime() + 10 * MINUTE);
    expect(await stored(session)).toMatchObject({ failures: 0, lockedUntil: until });
    await expect(fundPasswords.verify(t.database.db, userId, FUND)).rejects.toMatchObject({
      code: "FUND_PASSWORD_LOCKED",
      params: { until: until.toISOString() },
    });
    expect(await fundPasswords.status(userId)).toEqual({ set: true, lockedUntil: until.toISOString() });
    t.clock.advance(10 * MINUTE);
    expect(await codeOf(fundPasswords.verify(t.database.db, userId, FUND))).toBe("OK");
  });
});
