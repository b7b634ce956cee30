import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.js";
import { MINUTE } from "../../lib/clock.js";
import { buildTestApp, call, PASSWORD, registerUser, type TestApp } from "../../../test/helper.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    authLimits: {
      perAccount: { max: 3, windowMs: 15 * MINUTE },
      perAddress: { max: 6, windowMs: 15 * MINUTE },
    },
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

  it("limits failures per account, across addresses, until the window passes", async () => {
    const { account } = await registerUser(t.app);
    for (let i = 0; i < 3; i++) {
      expect(await login(account, "wrong-password", `10.2.0.${i}`)).toMatchObject({
        code: "WRONG_CREDENTIALS",
      });
    }
    // Even the right password is refused while the account is limited.
    expect(await login(account, PASSWORD, "10.2.0.9")).toMatchObject({ code: "TOO_FREQUENT" });
    t.clock.advance(15 * MINUTE + 1);
    expect(await login(account, PASSWORD, "10.2.0.9")).toMatchObject({ status: 1 });
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
      Array.from({ length: 10 }, (_, i) => login(account, "wrong-password", `10.4.0.${i}`)),
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
