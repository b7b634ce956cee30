import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.js";
import { usePasswordCost } from "../../lib/password.js";
import {
  buildTestApp,
  call,
  INSTITUTION_CODE,
  newAccount,
  PASSWORD,
  registerUser,
  registration,
  type TestApp,
} from "../../../test/helper.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const register = (overrides: Record<string, unknown>) =>
  call(t.app, "user/register", registration(overrides));

describe("user/register", () => {
  it("creates the account, gives it its own invitation code and answers a working session", async () => {
    const account = newAccount();
    const answer = await register({ account });
    expect(answer).toMatchObject({ httpStatus: 200, status: 1, data: { account } });
    const { token } = answer.data as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const info = await call(t.app, "user/getUserinfo", {}, { token, account });
    expect(info.status).toBe(1);
    const data = info.data as {
      account: string;
      inviteCode: string;
      kycStatus: string;
      fundPasswordSet: boolean;
    };
    expect(data).toMatchObject({ account, kycStatus: "not_verified", fundPasswordSet: false });
    expect(data.inviteCode).toMatch(/^[2-9A-Z]{8}$/);
    expect(data.inviteCode).not.toBe(INSTITUTION_CODE);
  });

  it("stores an argon2id hash at the real cost, never the password", async () => {
    // The suite hashes at argon2's floor (test/setup.ts); this one account is hashed as production does.
    usePasswordCost("production");
    const { account } = await registerUser(t.app).finally(() => usePasswordCost("test"));
    const [row] = await t.database.db.select().from(users).where(eq(users.account, account));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });

  it.each(["account", "password", "confirmPassword", "inviteCode", "agree"])(
    "answers INVALID_INPUT naming the missing field %s",
    async (field) => {
      const body: Record<string, unknown> = registration();
      delete body[field];
      const answer = await call(t.app, "user/register", body);
      expect(answer).toMatchObject({ httpStatus: 200, status: 0, code: "INVALID_INPUT", data: null });
      expect(answer.params?.field).toBe(field);
      expect(answer.msg).toBe(`Invalid input: ${field}`);
    },
  );

  it("refuses mismatched passwords", async () => {
    const answer = await register({ confirmPassword: "another-password" });
    expect(answer).toMatchObject({
      status: 0,
      code: "PASSWORDS_MISMATCH",
      msg: "The two passwords do not match",
    });
  });

  it("refuses a short password with the minimum as a parameter", async () => {
    const answer = await register({ password: "short1", confirmPassword: "short1" });
    expect(answer).toMatchObject({ status: 0, code: "PASSWORD_TOO_SHORT", params: { minLength: "8" } });
    expect(answer.msg).toBe("The password needs at least 8 characters");
  });

  it.each([
    ["12345678", "PASSWORD_COMMON"],
    ["password", "PASSWORD_COMMON"],
    ["PassWord", "PASSWORD_COMMON"],
    ["iloveyou1", "PASSWORD_COMMON"],
    ["        ", "PASSWORD_BLANK"],
    ["zzzzzzzzzz", "PASSWORD_BLANK"],
    ["{account}", "PASSWORD_CONTAINS_ACCOUNT"],
    ["My-{ACCOUNT}-2026", "PASSWORD_CONTAINS_ACCOUNT"],
  ])("refuses the weak password %j with %s, and creates nothing", async (template, code) => {
    const account = newAccount("weak");
    const password = template.replace("{account}", account).replace("{ACCOUNT}", account.toUpperCase());
    const answer = await register({ account, password, confirmPassword: password });
    expect(answer).toMatchObject({ status: 0, code, params: { field: "password" } });
    const [row] = await t.database.db.select().from(users).where(eq(users.account, account));
    expect(row).toBeUndefined();
  });

  it("refuses a phone number inside the password", async () => {
    const answer = await register({
      account: "+919876543210",
      password: "pw-919876543210",
      confirmPassword: "pw-919876543210",
    });
    expect(answer).toMatchObject({ status: 0, code: "PASSWORD_CONTAINS_ACCOUNT" });
  });

  it("refuses a malformed account", async () => {
    const answer = await register({ account: "a b!" });
    expect(answer).toMatchObject({ status: 0, code: "ACCOUNT_FORMAT", params: { field: "account" } });
  });

  it("refuses an unknown invitation code", async () => {
    const answer = await register({ inviteCode: "NOPE-NOPE" });
    expect(answer).toMatchObject({ status: 0, code: "INVITER_NOT_FOUND", msg: "The inviter does not exist" });
  });

  it("accepts a user's own invitation code and records the inviter and institution", async () => {
    const inviter = await registerUser(t.app);
    const info = await call(t.app, "user/getUserinfo", {}, inviter.headers);
    const { inviteCode } = info.data as { inviteCode: string };

    const invitee = await register({ inviteCode });
    expect(invitee.status).toBe(1);
    const { account } = invitee.data as { account: string };
    const [inviterRow] = await t.database.db.select().from(users).where(eq(users.account, inviter.account));
    const [row] = await t.database.db.select().from(users).where(eq(users.account, account));
    expect(row?.inviterUserId).toBe(inviterRow?.id);
    expect(row?.institutionId).toBe(inviterRow?.institutionId);
    expect(row?.institutionId).not.toBeNull();
  });

  it("refuses an account that already exists", async () => {
    const { account } = await registerUser(t.app);
    const answer = await register({ account });
    expect(answer).toMatchObject({ status: 0, code: "ACCOUNT_EXISTS" });
  });

  it("accepts an invitation code typed in another case", async () => {
    const { inviteCode } = (await call(t.app, "user/getUserinfo", {}, (await registerUser(t.app)).headers))
      .data as { inviteCode: string };
    expect(await register({ inviteCode: inviteCode.toLowerCase() })).toMatchObject({ status: 1 });
    expect(await register({ inviteCode: INSTITUTION_CODE.toLowerCase() })).toMatchObject({ status: 1 });
  });

  it("refuses an account that differs from an existing one only in case", async () => {
    const { account } = await registerUser(t.app);
    expect(await register({ account: account.toUpperCase() })).toMatchObject({ code: "ACCOUNT_EXISTS" });
  });

  it("refuses without agreement to the terms", async () => {
    const answer = await register({ agree: false });
    expect(answer).toMatchObject({ status: 0, code: "AGREEMENT_REQUIRED", params: { field: "agree" } });
  });

  it("accepts a phone number as the account", async () => {
    const phone = `+91${Date.now().toString().slice(-10)}`;
    const answer = await register({ account: phone });
    expect(answer).toMatchObject({ status: 1, data: { account: phone } });
  });

  it("limits registration attempts per address until the hour passes", async () => {
    const from = (address: string, overrides: Record<string, unknown> = {}) =>
      call(t.app, "user/register", registration(overrides), {}, address);
    for (let attempt = 0; attempt < 20; attempt++) {
      expect(await from("10.7.7.7", { inviteCode: "NO-SUCH-CODE" })).toMatchObject({
        code: "INVITER_NOT_FOUND",
      });
    }
    expect(await from("10.7.7.7")).toMatchObject({ status: 0, code: "TOO_FREQUENT" });
    expect(await from("10.7.7.8")).toMatchObject({ status: 1 });
    t.clock.advance(61 * 60_000);
    expect(await from("10.7.7.7")).toMatchObject({ status: 1 });
  });
});
