import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, PASSWORD, registerUser, type TestApp } from "../../../test/helper.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = "battery-staple-2";
const change = (headers: Record<string, string>, body: Record<string, unknown>) =>
  call(t.app, "user/changeLoginPassword", body, headers);

describe("user/changeLoginPassword", () => {
  it("refuses a wrong original password", async () => {
    const { headers } = await registerUser(t.app);
    const answer = await change(headers, {
      oldPassword: "not-my-password",
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(answer).toMatchObject({ status: 0, code: "ORIGINAL_PASSWORD_WRONG" });
  });

  it("refuses the old password as the new one", async () => {
    const { headers } = await registerUser(t.app);
    const answer = await change(headers, {
      oldPassword: PASSWORD,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(answer).toMatchObject({ status: 0, code: "SAME_PASSWORD" });
  });

  it("refuses a mismatched confirmation and a short new password", async () => {
    const { headers } = await registerUser(t.app);
    expect(
      await change(headers, {
        oldPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: "different-1",
      }),
    ).toMatchObject({ code: "PASSWORDS_MISMATCH" });
    expect(
      await change(headers, { oldPassword: PASSWORD, newPassword: "short", confirmPassword: "short" }),
    ).toMatchObject({ code: "PASSWORD_TOO_SHORT", params: { minLength: "8" } });
  });

  it.each([
    ["qwertyuiop", "PASSWORD_COMMON"],
    ["{account}!", "PASSWORD_CONTAINS_ACCOUNT"],
    ["\t\t\t\t\t\t\t\t", "PASSWORD_BLANK"],
  ])("refuses the weak new password %j with %s and keeps the old one", async (template, code) => {
    const { headers, account } = await registerUser(t.app);
    const newPassword = template.replace("{account}", account);
    const answer = await change(headers, {
      oldPassword: PASSWORD,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(answer).toMatchObject({ status: 0, code, params: { field: "newPassword" } });
    const login = await call(t.app, "user/login", { account, password: PASSWORD });
    expect(login).toMatchObject({ status: 1 });
  });

  it("needs a session", async () => {
    const answer = await change(
      {},
      { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    );
    expect(answer).toMatchObject({ httpStatus: 401, code: "UNAUTHORIZED" });
    // The session is checked before the body: no input details leak to a caller without one.
    expect(await change({}, {})).toMatchObject({ httpStatus: 401, code: "UNAUTHORIZED" });
  });

  it("changes the password and ends every session of the user, this one included", async () => {
    const first = await registerUser(t.app);
    const login = await call(t.app, "user/login", { account: first.account, password: PASSWORD });
    const second = { token: (login.data as { token: string }).token, account: first.account };

    const answer = await change(first.headers, {
      oldPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(answer).toMatchObject({ status: 1, data: null });

    for (const headers of [first.headers, second]) {
      expect(await call(t.app, "user/getUserinfo", {}, headers)).toMatchObject({ httpStatus: 401 });
    }
    expect(await call(t.app, "user/login", { account: first.account, password: PASSWORD })).toMatchObject({
      code: "WRONG_CREDENTIALS",
    });
    expect(await call(t.app, "user/login", { account: first.account, password: NEW_PASSWORD })).toMatchObject(
      {
        status: 1,
      },
    );
  });
});
