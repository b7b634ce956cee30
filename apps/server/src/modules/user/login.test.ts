import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.js";
import { MINUTE } from "../../lib/clock.js";
import { buildTestApp, call, PASSWORD, registerUser, type TestApp } from "../../../test/helper.js";

let t: TestApp;
/** The waits log-ins were given, in order (recorded instead of slept). */
let waits: number[] = [];
beforeAll(async () => {
  t = await buildTestApp({
    authLimits: {
      perPair: { max: 3, windowMs: 15 * MINUTE },
      perAddress: { max: 6, windowMs: 15 * MINUTE },
      slowAfter: 3,
      accountWindowMs: 15 * MINUTE,
      baseDelayMs: 500,
      maxDelayMs: 4_000,
    },
    loginSleep: async (ms) => void waits.push(ms),
  });
});
afterAll(() => t.close());

const login = (account: string, password: string, address = "10.0.0.1") =>
  call(t.app, "user/login", { account, password }, {}, address);

describe("user/login", () => {
  it("answers a fresh session that opens user/getUserinfo", async () => {
    const { account, token: registrationToken } = await registerUser(t.app);
    const answer = await login(account, PASSWORD, "10.1.0.1");
    expect(answer).toMatchObject({ status: 1, data: { account } });
    const { token } = answer.data as { token: string };
    expect(token).not.toBe(registrationToken);
    const info = await call(t.app, "user/getUserinfo", {}, { token, account });
    expect(info).toMatchObject({ status: 1, data: { account } });
  });

  it("matches the account in any case and answers it as registered", async () => {
    const { account } = await registerUser(t.app);
    const answer = await login(account.toUpperCase(), PASSWORD, "10.1.0.2");
    expect(answer).toMatchObject({ status: 1, data: { account } });
  });

  it("answers a wrong password and an unknown account identically", async () => {
    const { account } = await registerUser(t.app);
    const wrong = await login(account, "wrong-password", "10.1.0.2");
    const unknown = await login("nobody_here", PASSWORD, "10.1.0.2");
    expect(wrong).toMatchObject({ httpStatus: 200, status: 0, code: "WRONG_CREDENTIALS" });
    const { requestId: _a, ...wrongRest } = wrong;
    const { requestId: _b, ...unknownRest } = unknown;
    expect(unknownRest).toEqual(wrongRest);
  });

  it.each([
    ["frozen", "ACCOUNT_FROZEN", "Your account is frozen, please contact customer service"],
    ["loginBanned", "LOGIN_BANNED", "Login is banned for this account, please contact customer service"],
    ["disabled", "ACCOUNT_DISABLED", "Your account is disabled, please contact customer service"],
  ] as const)("refuses a %s account with %s once the password is right", async (flag, code, msg) => {
    const { account } = await registerUser(t.app);
    await t.database.db
      .update(users)
      .set({ [flag]: true })
      .where(eq(users.account, account));
    expect(await login(account, "wrong-password", "10.1.0.3")).toMatchObject({ code: "WRONG_CREDENTIALS" });
    expect(await login(account, PASSWORD, "10.1.0.3")).toMatchObject({ status: 0, code, msg });
  });

  it("limits failures of one account from one address, until the window passes", async () => {
    const { account } = await registerUser(t.app);
    for (let i = 0; i < 3; i++) {
      expect(await login(account, "wrong-password", "10.2.0.1")).toMatchObject({ code: "WRONG_CREDENTIALS" });
    }
    expect(await login(account, PASSWORD, "10.2.0.1")).toMatchObject({ code: "TOO_FREQUENT" });
    // The owner elsewhere is not refused for what was guessed from that address.
    expect(await login(account, PASSWORD, "10.2.0.2")).toMatchObject({ status: 1 });
    t.clock.advance(15 * MINUTE + 1);
    expect(await login(account, PASSWORD, "10.2.0.1")).toMatchObject({ status: 1 });
  });

  it("never locks the owner out when strangers fail from many addresses: it slows the account down", async () => {
    const { account } = await registerUser(t.app);
    waits = [];
    for (let i = 0; i < 8; i++) {
      expect(await login(account, "wrong-password", `10.5.${i}.1`)).toMatchObject({
        code: "WRONG_CREDENTIALS",
      });
    }
    const owner = await login(account, PASSWORD, "10.5.99.1");
    expect(owner).toMatchObject({ status: 1, data: { account } });
    // Three failures go by; then each attempt waits twice as long as the one before, up to the cap.
    expect(waits).toEqual([0, 0, 0, 500, 1000, 2000, 4000, 4000, 4000].filter((w) => w > 0));
    t.clock.advance(15 * MINUTE + 1);
    waits = [];
    expect(await login(account, PASSWORD, "10.5.99.1")).toMatchObject({ status: 1 });
    expect(waits).toEqual([]);
  });

  it("slows an unknown account exactly like a known one, so the wait does not tell which exists", async () => {
    const { account } = await registerUser(t.app);
    const attack = async (name: string) => {
      waits = [];
      for (let i = 0; i < 6; i++) await login(name, "wrong-password", `10.6.${i}.${name.length}`);
      return waits;
    };
    const known = await attack(account);
    const unknown = await attack(`${account}x`);
    expect(known).toEqual([500, 1000, 2000]);
    expect(unknown).toEqual(known);
  });

  it("tells the owner of the failures since the last log-in, once", async () => {
    const { account } = await registerUser(t.app);
    const first = await login(account, PASSWORD, "10.7.0.1");
    expect((first.data as { failedLogins?: unknown }).failedLogins).toBeUndefined();
    t.clock.advance(MINUTE);
    await login(account, "wrong-password", "10.7.0.2");
    t.clock.advance(MINUTE);
    const lastAt = t.clock.now().toISOString();
    await login(account.toUpperCase(), "another-wrong-1", "10.7.0.3");
    const told = await login(account, PASSWORD, "10.7.0.1");
    expect(told).toMatchObject({ status: 1, data: { account, failedLogins: { count: 2, lastAt } } });
    const again = await login(account, PASSWORD, "10.7.0.1");
    expect((again.data as { failedLogins?: unknown }).failedLogins).toBeUndefined();
  });

  it("counts every spelling of an account that finds it as that one account (İ, case)", async () => {
    const account = `reproVictim${Date.now() % 100000}`;
    await registerUser(t.app, { account });
    const spellings = [account.replace("i", "İ"), account.toLowerCase(), account.toUpperCase()];
    // The lookup finds the account by every spelling (lower() folds İ to i): one bucket for all of them.
    for (const spelling of spellings) {
      expect(await login(spelling, "wrong-password", "10.8.0.1")).toMatchObject({
        code: "WRONG_CREDENTIALS",
      });
    }
    for (const spelling of [account, ...spellings]) {
      expect(await login(spelling, PASSWORD, "10.8.0.1")).toMatchObject({ code: "TOO_FREQUENT" });
    }
  });

  it("limits failures per address, across accounts, until the window passes", async () => {
    const { account } = await registerUser(t.app);
    const address = "10.3.0.1";
    for (let i = 0; i < 6; i++) {
      expect(await login(`stranger_${i}`, "wrong-password", address)).toMatchObject({
        code: "WRONG_CREDENTIALS",
      });
    }
    expect(await login(account, PASSWORD, address)).toMatchObject({ code: "TOO_FREQUENT" });
    expect(await login(account, PASSWORD, "10.3.0.2")).toMatchObject({ status: 1 });
    t.clock.advance(15 * MINUTE + 1);
    expect(await login(account, PASSWORD, address)).toMatchObject({ status: 1 });
  });

  it("counts parallel attempts before checking any password, so a burst cannot pass the limit", async () => {
    const { account } = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => login(account, "wrong-password", "10.4.0.1")),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === "WRONG_CREDENTIALS")).toHaveLength(3);
    expect(codes.filter((c) => c === "TOO_FREQUENT")).toHaveLength(7);
  });

  it("answers INVALID_INPUT for a missing password", async () => {
    const answer = await call(t.app, "user/login", { account: "someone" });
    expect(answer).toMatchObject({ status: 0, code: "INVALID_INPUT", params: { field: "password" } });
  });
});
