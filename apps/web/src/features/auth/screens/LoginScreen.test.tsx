import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes } from "react-router";
import type * as ApiModule from "../../../lib/api";

vi.mock("../../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<typeof ApiModule>()),
  apiPost: vi.fn(),
}));

import "../../../lib/i18n";
import { apiPost } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { loadContract } from "../../../lib/contract";
import { showError } from "../../../lib/toast";
import LoginScreen from "./LoginScreen";

const RIGHT_CODE = "654321";
const RECOVERY = "abcd-efgh-2345";
/** A code the server answers with its account's code step locked. */
const LOCKED_CODE = "000000";
const LOCKED_UNTIL = "2026-12-01T21:15:00.000Z";

/** A server with two-step log-in on for alice01 (password "correct-horse-1"). */
function serveTwoStep() {
  vi.mocked(apiPost).mockImplementation(async (path: string, body?: object) => {
    if (path === "common/config") return [] as never;
    if (path !== "user/login") throw new Error(`unexpected ${path}`);
    const { password, otp } = body as { account: string; password: string; otp?: string };
    if (password !== "correct-horse-1") throw new ApiError("WRONG_CREDENTIALS", {}, "");
    if (otp === undefined) throw new ApiError("OTP_REQUIRED", {}, "");
    if (otp === LOCKED_CODE) throw new ApiError("TOTP_LOCKED", { until: LOCKED_UNTIL }, "");
    if (otp !== RIGHT_CODE && otp !== RECOVERY) throw new ApiError("OTP_INVALID", {}, "");
    return { token: "t1", account: "alice01" } as never;
  });
}

const logins = () => vi.mocked(apiPost).mock.calls.filter(([path]) => path === "user/login");

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/login/login"]}>
        <Routes>
          <Route path="/login/login" element={<LoginScreen />} />
          <Route path="/home/index" element={<p>Home screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function passwordStep() {
  show();
  type("Phone or account", "alice01");
  type("Password", "correct-horse-1");
  fireEvent.click(screen.getByRole("button", { name: "Log in" }));
  await screen.findByRole("heading", { name: "Two-step verification" }, { timeout: 5000 });
}

// The form's schemas load lazily on the first keystroke; loaded up front, a slow machine does not let one
// test's check finish during the next.
beforeAll(async () => {
  await loadContract();
});

afterEach(() => {
  cleanup();
  vi.mocked(apiPost).mockReset();
  vi.mocked(showError).mockClear();
  localStorage.clear();
});

describe("the log-in code step", () => {
  it("asks for the authenticator code when the server answers OTP_REQUIRED, without a toast", async () => {
    serveTwoStep();
    await passwordStep();
    expect(showError).not.toHaveBeenCalled();
    expect(screen.getByText("Logging in as alice01")).toBeTruthy();
    const field = screen.getByLabelText("Authentication code");
    expect(field.getAttribute("autocomplete")).toBe("one-time-code");
    expect(field.getAttribute("inputmode")).toBe("numeric");
    expect(screen.getByRole("button", { name: "Use a recovery code" })).toBeTruthy();
    expect(logins()[0]?.[1]).toEqual({ account: "alice01", password: "correct-horse-1" });
  });

  it("checks the code's form, shows a wrong code under the field, and logs in with the right one", async () => {
    serveTwoStep();
    await passwordStep();
    type("Authentication code", "12345");
    fireEvent.click(screen.getByRole("button", { name: "Verify and log in" }));
    expect(await screen.findByText("Enter the 6 digits shown in your authenticator app")).toBeTruthy();
    expect(logins()).toHaveLength(1);

    type("Authentication code", "111 111");
    fireEvent.click(screen.getByRole("button", { name: "Verify and log in" }));
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "The code is wrong or has expired",
    );
    expect(logins()[1]?.[1]).toEqual({ account: "alice01", password: "correct-horse-1", otp: "111111" });
    expect((screen.getByLabelText("Authentication code") as HTMLInputElement).value).toBe("");
    expect(showError).not.toHaveBeenCalled();

    type("Authentication code", RIGHT_CODE);
    fireEvent.click(screen.getByRole("button", { name: "Verify and log in" }));
    expect(await screen.findByText("Home screen")).toBeTruthy();
    expect(localStorage.getItem("tokend")).toBe("t1");
  });

  it("shows a locked code step under the field, with when it opens, and still takes a recovery code", async () => {
    serveTwoStep();
    await passwordStep();
    type("Authentication code", LOCKED_CODE);
    fireEvent.click(screen.getByRole("button", { name: "Verify and log in" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(
      /^Too many wrong codes: the code step of this account is locked until /,
    );
    expect(alert.textContent).toContain("You can still log in with a recovery code");
    expect(alert.textContent).not.toContain(LOCKED_UNTIL);
    expect(showError).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Use a recovery code" }));
    type("Recovery code", RECOVERY);
    fireEvent.click(screen.getByRole("button", { name: "Verify and log in" }));
    expect(await screen.findByText("Home screen")).toBeTruthy();
  });

  it("takes a recovery code instead, and goes back to the password step with what was typed", async () => {
    serveTwoStep();
    await passwordStep();
    fireEvent.click(screen.getByRole("button", { name: "Use a recovery code" }));
    const field = screen.getByLabelText("Recovery code");
    expect(field.getAttribute("autocomplete")).toBe("off");
    expect(screen.getByRole("button", { name: "Use the authenticator app" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Back to account and password" }));
    expect((screen.getByLabelText("Phone or account") as HTMLInputElement).value).toBe("alice01");
    expect((screen.getByLabelText("Password") as HTMLInputElement).value).toBe("correct-horse-1");

    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await screen.findByRole("heading", { name: "Two-step verification" });
    fireEvent.click(screen.getByRole("button", { name: "Use a recovery code" }));
    type("Recovery code", " ABCD-EFGH-2345 ");
    fireEvent.click(screen.getByRole("button", { name: "Verify and log in" }));
    expect(await screen.findByText("Home screen")).toBeTruthy();
    expect(logins().at(-1)?.[1]).toEqual({ account: "alice01", password: "correct-horse-1", otp: RECOVERY });
  });

  it("still toasts other refusals, and logs in at once without two-step log-in", async () => {
    serveTwoStep();
    show();
    type("Phone or account", "alice01");
    type("Password", "wrong-password");
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith("Account or password is wrong"));
    expect(screen.queryByRole("heading", { name: "Two-step verification" })).toBeNull();

    vi.mocked(apiPost).mockImplementation(
      async (path: string) => (path === "user/login" ? { token: "t2", account: "alice01" } : []) as never,
    );
    type("Password", "correct-horse-1");
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Home screen")).toBeTruthy();
  });
});
