import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import type * as ApiModule from "../../lib/api";
import type { TwoStepStatus, UserInfo } from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<typeof ApiModule>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { calls, renderAt, serve, signedInTests } from "../../test/api";
import { ApiError } from "../../lib/apiError";
import { showInfo } from "../../lib/toast";
import SecurityScreen from "./screens/SecurityScreen";
import SettingScreen from "../account/screens/SettingScreen";
import { maskAccount } from "./mask";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const URI = `otpauth://totp/Brokerage:13800138000?issuer=Brokerage&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`;
const CODES = Array.from({ length: 10 }, (_, i) => `abc${i}-defg-hjk${i}`);

const userInfo = (overrides: Partial<UserInfo> = {}): UserInfo => ({
  account: "13800138000",
  realname: null,
  inviteCode: "ABC123",
  kycStatus: "not_verified",
  fundPasswordSet: false,
  creditScore: 100,
  flags: { frozen: false, loginBanned: false, disabled: false, tradeBanned: false, withdrawBanned: false },
  createdAt: "2025-01-01T00:00:00.000Z",
  ...overrides,
});

const off: TwoStepStatus = { enabled: false, enabledAt: null, pending: false, recoveryCodesLeft: 0 };
const on = (recoveryCodesLeft = 10): TwoStepStatus => ({
  enabled: true,
  enabledAt: "2026-03-02T08:15:30.000Z",
  pending: false,
  recoveryCodesLeft,
});

const show = (node = <SecurityScreen />, path = "/information/aqSet") =>
  renderAt(
    <Routes>
      <Route path={path} element={node} />
      <Route path="/information/fundPass" element={<p>Fund password screen</p>} />
      <Route path="/information/aqSet" element={<SecurityScreen />} />
    </Routes>,
    path,
  );

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

signedInTests("13800138000");

describe("maskAccount", () => {
  it.each([
    ["13800138000", "138****8000"],
    ["+919876543210", "+919****3210"],
    ["alice_trader", "al****er"],
    ["abcd", "a***"],
    ["ab", "ab"],
  ])("%s → %s", (account, masked) => expect(maskAccount(account)).toBe(masked));
});

describe("/information/aqSet", () => {
  it("lists the login password, an unset fund password, the masked phone, and two-step log-in off", async () => {
    serve({ "user/getUserinfo": userInfo(), "user/twoStepStatus": off });
    show();
    const list = await screen.findByRole("list", { name: "Security settings" });
    expect(within(list).getByRole("button", { name: /Login password\s*Change/ })).toBeTruthy();
    expect(await within(list).findByRole("button", { name: /Fund password\s*Not set/ })).toBeTruthy();
    expect(within(list).getByRole("button", { name: /Bound phone\s*138\*\*\*\*8000/ })).toBeTruthy();
    expect(document.body.textContent).not.toContain("13800138000");
    expect(screen.getByText("Set a fund password before you withdraw or trade.")).toBeTruthy();

    const card = screen.getByRole("region", { name: "Two-step log-in" });
    expect(await within(card).findByText("Off")).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Turn on" })).toBeTruthy();

    fireEvent.click(within(list).getByRole("button", { name: /Bound phone/ }));
    expect(showInfo).toHaveBeenCalledWith(
      "Your bound phone is your log-in account. To change it, contact customer service.",
    );
    fireEvent.click(within(list).getByRole("button", { name: /Fund password/ }));
    expect(await screen.findByText("Fund password screen")).toBeTruthy();
  });

  it("shows two-step log-in on, since when, and warns when recovery codes run low", async () => {
    serve({ "user/getUserinfo": userInfo({ fundPasswordSet: true }), "user/twoStepStatus": on(2) });
    show();
    const card = await screen.findByRole("region", { name: "Two-step log-in" });
    expect(await within(card).findByText("On")).toBeTruthy();
    expect(
      within(card).getByText(/^Each log-in asks for a code from your authenticator app\. On since/),
    ).toBeTruthy();
    expect(within(card).getByText(/Recovery codes left: 2\. Running low/)).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Turn off" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: /Fund password\s*Set/ })).toBeTruthy();
    expect(screen.queryByText("Set a fund password before you withdraw or trade.")).toBeNull();
  });

  it("enrols: QR code and key, a confirming code, then the recovery codes once", async () => {
    let status = off;
    serve({
      "user/getUserinfo": userInfo(),
      "user/twoStepStatus": () => status,
      "user/enrollTotp": { secret: SECRET, uri: URI },
      "user/confirmTotp": ({ otp }: { otp: string }) => {
        if (otp !== "246810") throw new ApiError("OTP_INVALID", {}, "");
        status = on();
        return { recoveryCodes: CODES };
      },
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Turn on" }));
    expect(await screen.findByRole("heading", { name: "Turn on two-step log-in" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Start" }));

    const qr = await screen.findByRole("img", {
      name: "QR code to add your account to an authenticator app",
    });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy key" })).toBeTruthy();
    const field = screen.getByLabelText("Authentication code");
    expect(field.getAttribute("autocomplete")).toBe("one-time-code");

    type("Authentication code", "111111");
    fireEvent.click(screen.getByRole("button", { name: "Confirm and turn on" }));
    expect(await screen.findByText("The code is wrong or has expired")).toBeTruthy();

    type("Authentication code", "246 810");
    fireEvent.click(screen.getByRole("button", { name: "Confirm and turn on" }));
    const codes = await screen.findByRole("list", { name: "Recovery codes" });
    expect(
      within(codes)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(calls("user/confirmTotp").at(-1)?.[1]).toEqual({ otp: "246810" });
    expect(screen.getByText(/These codes are shown only this once/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy codes" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download" })).toBeTruthy();

    const done = screen.getByRole("button", { name: "Done" });
    expect(done.hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "I have saved my recovery codes" }));
    expect(done.hasAttribute("disabled")).toBe(false);
    fireEvent.click(done);
    const card = await screen.findByRole("region", { name: "Two-step log-in" });
    expect(await within(card).findByText("On")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Recovery codes" })).toBeNull();
  });

  it("turns off with the password and a code (or a recovery code), showing refusals by their field", async () => {
    let status = on();
    serve({
      "user/getUserinfo": userInfo({ fundPasswordSet: true }),
      "user/twoStepStatus": () => status,
      "user/disableTotp": ({ password, otp }: { password: string; otp: string }) => {
        if (password !== "correct-horse-1") throw new ApiError("PASSWORD_WRONG", { field: "password" }, "");
        if (otp !== "abcd-efgh-2345") throw new ApiError("OTP_INVALID", {}, "");
        status = off;
        return null;
      },
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Turn off" }));
    expect(await screen.findByRole("heading", { name: "Turn off two-step log-in" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Turn off two-step log-in" }));
    expect(await screen.findByText("This field is required")).toBeTruthy();
    expect(screen.getByText("Enter the 6 digits shown in your authenticator app")).toBeTruthy();

    type("Login password", "wrong-password");
    type("Authentication code", "123456");
    fireEvent.click(screen.getByRole("button", { name: "Turn off two-step log-in" }));
    expect(await screen.findByText("The password is wrong")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Use a recovery code" }));
    type("Login password", "correct-horse-1");
    type("Recovery code", "ABCD-EFGH-2345");
    fireEvent.click(screen.getByRole("button", { name: "Turn off two-step log-in" }));
    const card = await screen.findByRole("region", { name: "Two-step log-in" });
    expect(await within(card).findByRole("button", { name: "Turn on" })).toBeTruthy();
    expect(calls("user/disableTotp").at(-1)?.[1]).toEqual({
      password: "correct-horse-1",
      otp: "abcd-efgh-2345",
    });
  });
});

describe("/information/setting", () => {
  it("has the spec's items, says the fund password is not set, and leads to security settings", async () => {
    serve({ "user/getUserinfo": userInfo() });
    show(<SettingScreen />, "/information/setting");
    expect(await screen.findByRole("button", { name: /Set fund password\s*Not set/ })).toBeTruthy();
    for (const name of [/^Name/, /^Bound phone\s*138\*\*\*\*8000/, /^Change login password/, /^Language/])
      expect(screen.getByRole("button", { name })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Log out" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Security settings" }));
    expect(await screen.findByRole("region", { name: "Two-step log-in" })).toBeTruthy();
  });

  it("offers to change a fund password that is set", async () => {
    serve({ "user/getUserinfo": userInfo({ fundPasswordSet: true }), "user/twoStepStatus": off });
    show(<SettingScreen />, "/information/setting");
    expect(await screen.findByRole("button", { name: /^Change fund password$/ })).toBeTruthy();
  });

  it("lets the user choose which colour means a rise, and keeps the choice", async () => {
    serve({ "user/getUserinfo": userInfo({ fundPasswordSet: true }) });
    show(<SettingScreen />, "/information/setting");
    const colours = await screen.findByRole("radiogroup", { name: "Price colours" });
    const greenUp = within(colours).getByRole("radio", { name: "Green up, red down" });
    expect(
      within(colours).getByRole("radio", { name: "Red up, green down" }).getAttribute("aria-checked"),
    ).toBe("true");
    fireEvent.click(greenUp);
    expect(greenUp.getAttribute("aria-checked")).toBe("true");
    expect(document.documentElement.dataset.priceColors).toBe("greenUp");
    expect(localStorage.getItem("priceColors")).toBe("greenUp");
    localStorage.removeItem("priceColors");
    delete document.documentElement.dataset.priceColors;
  });
});
