import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  asStaff,
  fail,
  HttpStatus,
  isolateTests,
  meOf,
  mockAdminApi,
  ok,
  renderAdmin,
  signIn,
} from "../test/harness";
import { readSession } from "../lib/session";

const emptyQueue = {
  "reviews/summary": () => ok({ kinds: [{ kind: "kyc", pending: 0 }] }),
  "reviews/list": () => ok({ items: [], nextCursor: null }),
};

isolateTests();

describe("staff log-in", { timeout: 30_000 }, () => {
  it("asks for the TOTP code when the API answers OTP_REQUIRED, then opens the back office", async () => {
    const calls = mockAdminApi({
      "auth/login": (body) =>
        body.otp === "123456"
          ? ok({ token: "tok-1", account: "reviewer1", role: "reviewer" })
          : fail("OTP_REQUIRED"),
      "auth/me": () => ok(meOf("reviewer")),
      ...emptyQueue,
    });
    renderAdmin("/login");

    fireEvent.change(await screen.findByLabelText("Staff account"), { target: { value: "reviewer1" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "correct horse" } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));

    const code = await screen.findByLabelText("Authentication code");
    expect(screen.getByText(/Two-step log-in is on for this account/)).toBeTruthy();
    expect(readSession()).toBeNull();
    fireEvent.change(code, { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify and log in" }));

    expect(await screen.findByRole("heading", { name: "Review queue" })).toBeTruthy();
    expect(readSession()).toEqual({ token: "tok-1", account: "reviewer1", role: "reviewer" });
    const logins = calls.filter((c) => c.path === "auth/login").map((c) => c.body);
    expect(logins).toEqual([
      { account: "reviewer1", password: "correct horse" },
      { account: "reviewer1", password: "correct horse", otp: "123456" },
    ]);
    // Every call after log-in carries the session in the token and account headers.
    const me = calls.find((c) => c.path === "auth/me");
    expect(me?.headers).toMatchObject({ token: "tok-1", account: "reviewer1" });
    expect(screen.getByTestId("staff-account").textContent).toBe("reviewer1");
  });

  it("takes a recovery code at the code step, and tells a locked code step with its time in place", async () => {
    const until = "2026-12-01T21:15:00.000Z";
    const calls = mockAdminApi({
      "auth/login": (body) => {
        if (body.otp === undefined) return fail("OTP_REQUIRED");
        if (body.otp === "111111") return fail("TOTP_LOCKED", { until });
        return body.otp === "ABCD-EFGH-2345"
          ? ok({ token: "tok-2", account: "reviewer1", role: "reviewer" })
          : fail("OTP_INVALID");
      },
      "auth/me": () => ok(meOf("reviewer")),
      ...emptyQueue,
    });
    renderAdmin("/login");
    fireEvent.change(await screen.findByLabelText("Staff account"), { target: { value: "reviewer1" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "correct horse" } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));

    const code = await screen.findByLabelText("Authentication code");
    expect(screen.getByText(/or one of your recovery codes/)).toBeTruthy();
    fireEvent.change(code, { target: { value: "111111" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify and log in" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/code step of this account is locked until 2026-12-01/);
    expect(alert.textContent).not.toContain(until);

    fireEvent.change(screen.getByLabelText("Authentication code"), { target: { value: " ABCD-EFGH-2345 " } });
    fireEvent.click(screen.getByRole("button", { name: "Verify and log in" }));
    expect(await screen.findByRole("heading", { name: "Review queue" })).toBeTruthy();
    expect(calls.filter((c) => c.path === "auth/login").at(-1)?.body).toMatchObject({
      otp: "ABCD-EFGH-2345",
    });
  });

  it("shows the recovery codes once, when two-step log-in is turned on", async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-${String(2000 + i)}`);
    let enabled = false;
    signIn("operator");
    mockAdminApi({
      "auth/me": () => ok(meOf("operator", { totpEnabled: enabled })),
      "auth/enrollTotp": () =>
        ok({ secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/x:y?secret=JBSWY3DPEHPK3PXP" }),
      "auth/confirmTotp": (body) => {
        if (body.otp !== "123456") return fail("OTP_INVALID");
        enabled = true;
        return ok({ recoveryCodes: codes });
      },
    });
    renderAdmin("/security");
    fireEvent.click(await screen.findByRole("button", { name: "Set up two-step log-in" }));
    fireEvent.change(await screen.findByLabelText("Code from the app"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn on two-step log-in" }));

    const list = await screen.findByRole("list", { name: "Recovery codes" });
    expect([...list.querySelectorAll("li")].map((li) => li.textContent)).toEqual(codes);
    expect(screen.getByText("Save your recovery codes")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "I have saved my recovery codes" }));
    expect(await screen.findByText(/Each log-in to the back office asks for a code/)).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Recovery codes" })).toBeNull();
    expect(screen.queryByText(codes[0] ?? "")).toBeNull();
  });

  it("shows a wrong password in place and stays on the log-in page", async () => {
    mockAdminApi({ "auth/login": () => fail("WRONG_CREDENTIALS") });
    renderAdmin("/login");
    fireEvent.change(await screen.findByLabelText("Staff account"), { target: { value: "x1" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Account or password is wrong");
    expect(screen.queryByLabelText("Authentication code")).toBeNull();
  });

  it("goes back to log-in when a call answers 401, forgetting the session", async () => {
    signIn("reviewer");
    mockAdminApi({ "auth/me": () => new HttpStatus(401) });
    renderAdmin("/reviews");
    expect(await screen.findByText("Your session has ended. Please log in again.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Log in" })).toBeTruthy();
    expect(readSession()).toBeNull();
  });

  it("logs out: ends the session on the server and returns to log-in", async () => {
    const calls = asStaff("reviewer", "/", {
      "auth/logout": () => ok(null),
      ...emptyQueue,
    });
    fireEvent.click(await screen.findByRole("button", { name: "Log out" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Log in" })).toBeTruthy());
    expect(calls.some((c) => c.path === "auth/logout")).toBe(true);
    expect(readSession()).toBeNull();
  });

  it("sends a staff member who must enrol in two-step log-in to enrolment first", async () => {
    signIn("administrator");
    mockAdminApi({
      "auth/me": () => ok(meOf("administrator", { totpEnabled: false, totpRequired: true })),
      ...emptyQueue,
    });
    renderAdmin("/reviews");
    expect(await screen.findByText("Two-step log-in is off")).toBeTruthy();
    expect(screen.getByText(/must use two-step log-in before/)).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Review queue" })).toBeNull();
  });
});
