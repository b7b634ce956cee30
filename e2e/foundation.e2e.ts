import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  INVITE_CODE,
  browserAvailable,
  expectAccessible,
  expectStrictCsp,
  shoot,
  startHarness,
  waitForHash,
  watchCspViolations,
  type Harness,
} from "./harness";

const run = browserAvailable();

describe.skipIf(!run)("foundation journey", () => {
  let harness: Harness;
  let page: Page;
  let csp: Awaited<ReturnType<typeof watchCspViolations>>;
  let documentCsp: string | undefined;
  const account = `investor${Date.now().toString().slice(-6)}`;
  const password = "Secret-pass-2025";

  beforeAll(async () => {
    harness = await startHarness();
    ({ page } = await harness.newPage());
    csp = await watchCspViolations(page);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("splash leads a visitor to the welcome screen", async () => {
    const response = await page.goto(`${harness.baseUrl}/`);
    documentCsp = response?.headers()["content-security-policy"];
    await waitForHash(page, "#/login/start1");
    await page.getByRole("heading", { name: "Invest in the markets you know" }).waitFor();
    expect(await page.title()).not.toBe("");
  });

  it("sends a visitor who opens an account screen to log-in", async () => {
    await page.goto(`${harness.baseUrl}/#/information/index`);
    await waitForHash(page, "#/login/login?from=/information/index");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await page.getByText("Log in to continue").waitFor();
    expect(await page.getByRole("heading", { name: "Total assets (USD)" }).count()).toBe(0);
    await shoot(page, "login-redirect");
    // The guard replaced the entry it refused, so going back leaves log-in instead of bouncing into it.
    await page.goBack();
    await waitForHash(page, "#/login/start1");
    await page.getByRole("heading", { name: "Invest in the markets you know" }).waitFor();
  });

  it("registers with the invitation code", async () => {
    await page.getByRole("button", { name: "Open an account" }).click();
    await waitForHash(page, "#/login/register");
    await page.getByRole("heading", { name: "Open an account" }).waitFor();
    await expectAccessible(page, "register");
    await shoot(page, "register");

    // Client-side validation speaks first: an empty form names the missing agreement.
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await page.getByText("Please agree to the user agreement and privacy policy").waitFor();

    await page.getByLabel("Phone or account").fill(account);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByLabel("Invitation code").fill(INVITE_CODE);
    await page.getByRole("checkbox", { name: /I have read and agree/ }).check();
    await page.getByRole("button", { name: "Register", exact: true }).click();

    await waitForHash(page, "#/login/loginAfter");
    await page.getByRole("heading", { name: "Your invitation code" }).waitFor();
    await page.getByRole("button", { name: "Copy invitation code" }).waitFor();
    await page.getByRole("button", { name: "Start investing" }).click();
    await waitForHash(page, "#/home/index");
  });

  it("logs out, and is sent to log-in, then back to the screen it asked for", async () => {
    await page.getByRole("link", { name: "Account" }).click();
    await waitForHash(page, "#/information/index");
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await waitForHash(page, "#/information/setting");
    await page.getByRole("button", { name: "Log out" }).click();
    await waitForHash(page, "#/login/login");

    await page.goto(`${harness.baseUrl}/#/home/index`);
    await waitForHash(page, "#/login/login?from=/home/index");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await expectAccessible(page, "log-in");
    await page.getByLabel("Phone or account").fill(account);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await shoot(page, "login");
    // Two failed attempts, for the notice that follows the next good log-in.
    for (const wrong of ["wrong-password-1", "wrong-password-2"]) {
      await page.getByLabel("Password", { exact: true }).fill(wrong);
      await page.getByRole("button", { name: "Log in", exact: true }).click();
      await page.getByText("Account or password is wrong").waitFor();
      await page.locator(".adm-toast-main").waitFor({ state: "detached", timeout: 5000 });
    }

    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await waitForHash(page, "#/home/index");
  });

  it("tells the owner of the failed log-ins since the last one", async () => {
    const notice = page.getByRole("dialog", { name: "Failed log-in attempts" });
    await notice
      .getByText(/^There were 2 failed log-in attempts on your account since your last log-in/)
      .waitFor();
    await notice.getByRole("button", { name: "Change password" }).waitFor();
    await expectAccessible(page, "failed log-ins notice");
    await shoot(page, "failed-logins");
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await notice.waitFor({ state: "detached" });
    await waitForHash(page, "#/home/index");
  });

  it("greets the user by account on the home screen", async () => {
    await page.getByRole("heading", { name: `Hello, ${account}` }).waitFor();
    await page.getByRole("button", { name: "Search stocks" }).waitFor();
    await page.getByRole("button", { name: "Messages" }).waitFor();
    const tabs = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link");
    expect(await tabs.allInnerTexts()).toEqual(["Home", "Quotes", "Trade", "News", "Account"]);
    await expectAccessible(page, "home");
    await shoot(page, "home");
  });

  it("switches the language to Korean", async () => {
    await page.getByRole("link", { name: "Account" }).click();
    await waitForHash(page, "#/information/index");
    await page.getByRole("heading", { name: "Total assets (USD)" }).waitFor();
    await shoot(page, "account");
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await waitForHash(page, "#/information/setting");
    await page.getByRole("heading", { name: "Settings" }).waitFor();
    await expectAccessible(page, "settings");
    await shoot(page, "settings");

    await page.getByRole("button", { name: /Language/ }).click();
    await waitForHash(page, "#/information/changeLang");
    await expectAccessible(page, "language");
    await page.getByRole("radio", { name: "한국어" }).check();
    await page.getByRole("heading", { name: "언어" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ko");
    await shoot(page, "language-ko");
    expect(
      await page.evaluate(() => [localStorage.getItem("lang"), localStorage.getItem("language")]),
    ).toEqual(["ko", "ko"]);
  });

  it("logs out through exit: the session goes at once, the log-in screen follows a moment later", async () => {
    await page.getByRole("button", { name: "뒤로" }).click();
    await waitForHash(page, "#/information/setting");
    await page.getByRole("button", { name: "로그아웃" }).click();
    expect(
      await page.evaluate(() => [
        localStorage.getItem("tokend"),
        localStorage.getItem("account"),
        window.location.hash,
      ]),
    ).toEqual([null, null, "#/information/setting"]);
    // The screen being left keeps what it showed until the redirect (no flash of emptied user data).
    // (Settings shows the account masked: its first two and last two characters.)
    const masked = `${account.slice(0, 2)}****${account.slice(-2)}`;
    expect(await page.getByText(masked, { exact: true }).isVisible()).toBe(true);
    await waitForHash(page, "#/login/login");
    await page.getByRole("button", { name: "로그인", exact: true }).waitFor();
  });

  it("keeps to the Content-Security-Policy on every screen it went through", () => {
    expectStrictCsp(documentCsp);
    expect(csp.list()).toEqual([]);
  });
});
