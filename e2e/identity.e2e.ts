import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import {
  DESKTOP,
  INVITE_CODE,
  SCREENSHOT_DIR,
  VIEWPORT,
  browserAvailable,
  expectAccessible,
  expectStrictCsp,
  shoot,
  staffLogin,
  startHarness,
  waitForHash,
  watchCspViolations,
  type Harness,
} from "./harness";
import { visitEveryBackOfficePage } from "./backOffice";

const run = browserAvailable();

/** A valid Tron address (the USDT contract on TRC-20, one of the core's known-good checksums). */
const TRC20_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

/** A small, real photo: a solid-colour JPEG or PNG of 600 × 400, made here rather than kept in the repo. */
async function photo(path: string, format: "jpeg" | "png", colour: { r: number; g: number; b: number }) {
  const image = sharp({ create: { width: 600, height: 400, channels: 3, background: colour } });
  writeFileSync(path, await (format === "jpeg" ? image.jpeg({ quality: 80 }) : image.png()).toBuffer());
  return path;
}

/** Axe on a phone screen once no toast is passing over it (a fading toast is a frame, not a screen). */
async function accessible(page: Page, screen: string) {
  await page.locator(".adm-toast-main").waitFor({ state: "detached", timeout: 5000 });
  await expectAccessible(page, screen);
}

/** Resolves once every <img> in `scope` has decoded a real picture (not a broken or empty one). */
async function imagesLoaded(scope: Locator, count: number) {
  await expect
    .poll(
      () =>
        scope.evaluateAll((images) =>
          images.filter(
            (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
        ),
      { timeout: 15_000 },
    )
    .toHaveLength(count);
}

describe.skipIf(!run)("identity journey: fund password, KYC, review, cards, wallet", () => {
  let harness: Harness;
  let page: Page;
  let admin: Page;
  let adminContext: BrowserContext;
  let csp: Awaited<ReturnType<typeof watchCspViolations>>;
  let adminCsp: Awaited<ReturnType<typeof watchCspViolations>>;
  let documentCsp: string | undefined;
  let adminDocumentCsp: string | undefined;
  let photos: { dir: string; front: string; back: string; front2: string; back2: string };

  const suffix = Date.now().toString().slice(-6);
  const account = `kycuser${suffix}`;
  const password = "Secret-pass-2025";
  const fundPassword = "Fund-pass-7391";
  const realName = "Asha Verma";
  const reviewer = { account: `reviewer_${suffix}`, password: "Review-desk-2025!" };
  const idNumber = "110105199003071234";
  const reason = "The back photo is blurred: the ID number can't be read";

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "brokerage-e2e-kyc-"));
    photos = {
      dir,
      front: await photo(join(dir, "id-front.jpg"), "jpeg", { r: 38, g: 110, b: 170 }),
      back: await photo(join(dir, "id-back.png"), "png", { r: 200, g: 120, b: 40 }),
      front2: await photo(join(dir, "id-front-2.jpg"), "jpeg", { r: 30, g: 140, b: 90 }),
      back2: await photo(join(dir, "id-back-2.jpg"), "jpeg", { r: 120, g: 60, b: 150 }),
    };
    harness = await startHarness();
    ({ page } = await harness.newPage());
    page.setDefaultTimeout(15_000);
    csp = await watchCspViolations(page);
    adminContext = await harness.browser.newContext(DESKTOP);
    admin = await adminContext.newPage();
    admin.setDefaultTimeout(15_000);
    adminCsp = await watchCspViolations(admin);
  });
  afterAll(async () => {
    await adminContext?.close();
    await harness?.close();
    if (photos) rmSync(photos.dir, { recursive: true, force: true });
  });

  /** The review drawer of the user's KYC request, opened from the pending queue. */
  async function openKycRequest() {
    await admin.getByRole("tab", { name: /KYC/ }).click();
    const row = admin.getByRole("row").filter({ hasText: account });
    await row.getByRole("button", { name: `Open the request of ${account}` }).click();
    const drawer = admin.getByRole("dialog", { name: `KYC · ${account}` });
    await drawer.waitFor();
    await imagesLoaded(drawer.getByRole("img", { name: /of the ID document$/ }), 2);
    return drawer;
  }

  /** Approve or reject in the drawer's modal; the drawer closes with the decision. */
  async function decide(drawer: Locator, decision: "Approve" | "Reject", text: string) {
    await drawer.getByRole("button", { name: decision, exact: true }).click();
    const modal = admin.getByRole("dialog", { name: `${decision} the request of ${account}` });
    await modal.getByLabel(decision === "Reject" ? "Reason" : /Note/).fill(text);
    await modal.getByRole("button", { name: decision, exact: true }).click();
    // antd's message (a toast, no role of its own) confirms it; "Rejected" alone is also a filter's name.
    await admin
      .locator(".ant-message")
      .getByText(decision === "Reject" ? "Rejected" : "Approved", { exact: true })
      .waitFor();
    await modal.waitFor({ state: "hidden" });
  }

  /** The user comes back to the app: everything shown is read again from the server. */
  async function reopenApp(hash: string) {
    await page.goto(`${harness.baseUrl}/${hash}`);
    await page.reload();
    await waitForHash(page, hash);
  }

  it("registers with the invitation code", async () => {
    const response = await page.goto(`${harness.baseUrl}/#/login/register`);
    documentCsp = response?.headers()["content-security-policy"];
    await page.getByRole("heading", { name: "Open an account" }).waitFor();
    await page.getByLabel("Phone or account").fill(account);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByLabel("Invitation code").fill(INVITE_CODE);
    await page.getByRole("checkbox", { name: /I have read and agree/ }).check();
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await waitForHash(page, "#/login/loginAfter");
    await page.getByRole("button", { name: "Start investing" }).click();
    await waitForHash(page, "#/home/index");
    await page.getByRole("heading", { name: `Hello, ${account}` }).waitFor();
  });

  it("sets a fund password from the settings", async () => {
    await page.getByRole("link", { name: "Account" }).click();
    await waitForHash(page, "#/information/index");
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await waitForHash(page, "#/information/setting");
    await page.getByRole("button", { name: /Set fund password/ }).click();
    await waitForHash(page, "#/information/fundPass");
    await page.getByRole("heading", { name: "Fund password" }).waitFor();
    await page.getByLabel("New fund password").fill(fundPassword);
    await page.getByLabel("Confirm fund password").fill(fundPassword);
    await accessible(page, "fund password");
    await page.getByRole("button", { name: "Set fund password" }).click();
    await page.getByText("Fund password set").waitFor();
    await waitForHash(page, "#/information/setting");
    // The row now changes the password instead of setting it.
    await page.getByRole("button", { name: "Change fund password" }).waitFor();
  });

  it("submits real-name verification with two photos", async () => {
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await waitForHash(page, "#/information/index");
    await page.getByRole("button", { name: "Real-name verification" }).click();
    await waitForHash(page, "#/information/authInfo");
    await page.getByRole("heading", { name: "Real-name verification" }).waitFor();

    await page.getByLabel("Real name").fill(realName);
    await page.getByLabel("ID number").fill(idNumber);
    await page.getByLabel("Front of ID: take or choose a photo").setInputFiles(photos.front);
    await page.getByLabel("Back of ID: take or choose a photo").setInputFiles(photos.back);
    await imagesLoaded(page.getByRole("img", { name: /of ID, preview$/ }), 2);
    await accessible(page, "KYC form");
    await shoot(page, "identity-kyc-form");

    await page.getByRole("button", { name: "Submit for review" }).click();
    const confirm = page.getByRole("dialog", { name: "Submit for review?" });
    await confirm.getByText("They cannot be changed while the review is in progress").waitFor();
    await accessible(page, "KYC confirmation");
    await confirm.getByRole("button", { name: "Submit", exact: true }).click();
    await page.getByRole("heading", { name: "Under review" }).waitFor();
    await page.getByText(realName, { exact: true }).waitFor();
    await accessible(page, "KYC under review");
  });

  it("an administrator creates a reviewer account in the back office", async () => {
    const response = await admin.goto(`${harness.baseUrl}/admin/`);
    adminDocumentCsp = response?.headers()["content-security-policy"];
    await admin.waitForURL(/\/admin\/login$/);
    await admin.getByRole("heading", { name: "Back office" }).waitFor();
    await accessible(admin, "admin log-in");
    await admin.screenshot({ path: join(SCREENSHOT_DIR, "admin-login.png") });
    await staffLogin(admin);

    await admin
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("menuitem", { name: "Staff" })
      .click();
    await admin.waitForURL(/\/admin\/staff$/);
    await admin.getByRole("button", { name: "New staff account", exact: true }).click();
    const modal = admin.getByRole("dialog", { name: "New staff account" });
    await modal.getByLabel("Account").fill(reviewer.account);
    await modal.getByLabel("Initial password").fill(reviewer.password);
    await expect.poll(() => modal.getByText("Reviewer", { exact: true }).count()).toBeGreaterThan(0);
    await modal.getByRole("button", { name: "Create", exact: true }).click();
    await admin.getByText(`${reviewer.account} created`).waitFor();
    await admin.getByRole("row").filter({ hasText: reviewer.account }).waitFor();
    await accessible(admin, "admin staff");

    await admin.getByRole("button", { name: "Log out" }).click();
    await admin.waitForURL(/\/admin\/login$/);
  });

  it("the reviewer finds the request in the queue, sees both photos and rejects it with a reason", async () => {
    await staffLogin(admin, reviewer);
    await admin.waitForURL(/\/admin\/reviews$/);
    await admin.getByRole("heading", { name: "Review queue" }).waitFor();
    // A reviewer's menu has no staff management.
    const menu = admin.getByRole("navigation", { name: "Main menu" });
    await menu.getByRole("menuitem", { name: "Review queue", exact: true }).waitFor();
    expect(await menu.getByRole("menuitem", { name: "Staff", exact: true }).count()).toBe(0);
    await admin.getByRole("row").filter({ hasText: account }).filter({ hasText: realName }).waitFor();
    await accessible(admin, "admin queue");
    await admin.screenshot({ path: join(SCREENSHOT_DIR, "admin-queue.png") });

    const drawer = await openKycRequest();
    await drawer.getByText(realName, { exact: true }).waitFor();
    await accessible(admin, "admin queue with drawer");
    await admin.screenshot({ path: join(SCREENSHOT_DIR, "admin-queue-drawer.png") });

    await decide(drawer, "Reject", reason);
    await drawer.waitFor({ state: "hidden" });
    // Decided: no longer pending.
    await expect.poll(() => admin.getByRole("row").filter({ hasText: account }).count()).toBe(0);
  });

  it("the user reads the reason in the inbox from the bell", async () => {
    await reopenApp("#/home/index");
    await page.getByRole("button", { name: "Messages, 1 unread" }).click();
    await waitForHash(page, "#/information/userInfo");
    const inbox = page.getByRole("list", { name: "Messages" });
    const message = inbox.getByRole("button", { name: /Identity verification not approved/ });
    await message.waitFor();
    await inbox.getByLabel("Unread").waitFor();
    await expect.poll(() => message.innerText()).toContain(reason);
    await accessible(page, "inbox");
    await shoot(page, "identity-inbox");

    await message.click();
    await waitForHash(page, "#/information/msgInfo");
    const article = page.getByRole("article");
    await article.getByRole("heading", { name: "Identity verification not approved" }).waitFor();
    await article.getByText(`Reason: ${reason}. Please correct it and submit again.`).waitFor();
    await accessible(page, "message");
    await shoot(page, "identity-message");

    // Read now: back in the inbox the mark is gone, and so is the bell's count.
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await waitForHash(page, "#/information/userInfo");
    await inbox.getByRole("button", { name: /Identity verification not approved/ }).waitFor();
    await expect.poll(() => inbox.getByLabel("Unread").count()).toBe(0);
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await waitForHash(page, "#/home/index");
    await page.getByRole("button", { name: "Messages", exact: true }).waitFor();
  });

  it("sees the reason on the verification screen and submits again", async () => {
    await page.getByRole("link", { name: "Account" }).click();
    await waitForHash(page, "#/information/index");
    await page.getByText("Verification failed", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Real-name verification" }).click();
    await waitForHash(page, "#/information/authInfo");
    const status = page.getByRole("region", { name: "Verification failed" });
    await status.getByText("Reviewer's reason").waitFor();
    await status.getByText(reason, { exact: true }).waitFor();
    await accessible(page, "KYC failed");
    await shoot(page, "identity-kyc-failed");

    await status.getByRole("button", { name: "Submit again" }).click();
    await page.getByText("Correct what the reviewer pointed out").waitFor();
    // The name is kept; the ID number and both photos are given again.
    expect(await page.getByLabel("Real name").inputValue()).toBe(realName);
    await page.getByLabel("ID number").fill(idNumber);
    await page.getByLabel("Front of ID: take or choose a photo").setInputFiles(photos.front2);
    await page.getByLabel("Back of ID: take or choose a photo").setInputFiles(photos.back2);
    await imagesLoaded(page.getByRole("img", { name: /of ID, preview$/ }), 2);
    await accessible(page, "KYC resubmission form");
    await page.getByRole("button", { name: "Submit for review" }).click();
    await page
      .getByRole("dialog", { name: "Submit for review?" })
      .getByRole("button", { name: "Submit", exact: true })
      .click();
    await page.getByRole("heading", { name: "Under review" }).waitFor();
  });

  it("the reviewer approves the new submission and opens the user's detail", async () => {
    await admin.getByRole("button", { name: "Refresh" }).click();
    const drawer = await openKycRequest();
    await decide(drawer, "Approve", "Photos and name match.");
    await drawer.waitFor({ state: "hidden" });

    // Both decisions are on record: one rejected, one approved.
    // antd's Segmented hides its radio inputs: the visible option is what is clicked.
    const stateFilter = admin.getByLabel("Show requests in state");
    await stateFilter.getByText("All", { exact: true }).click();
    await expect.poll(() => stateFilter.getByRole("radio", { name: "All" }).isChecked()).toBe(true);
    const rows = admin.getByRole("row").filter({ hasText: account });
    await expect.poll(() => rows.count()).toBe(2);
    await rows.filter({ hasText: "Rejected" }).waitFor();
    await rows.filter({ hasText: "Approved" }).waitFor();

    await rows.filter({ hasText: "Approved" }).getByRole("link", { name: account }).click();
    await admin.waitForURL(/\/admin\/users\/[^/]+$/);
    await admin.getByRole("heading", { name: `${account} · ${realName}` }).waitFor();
    await admin.getByText("Verified", { exact: true }).first().waitFor();
    await accessible(admin, "admin user detail");
    await admin.screenshot({ path: join(SCREENSHOT_DIR, "admin-user-detail.png") });
  });

  it("greets the user by the verified real name", async () => {
    await reopenApp("#/home/index");
    await page.getByRole("heading", { name: `Hello, ${realName}` }).waitFor();
    // The approval is in the inbox too.
    await page.getByRole("button", { name: "Messages, 1 unread" }).waitFor();
    await page.getByRole("link", { name: "Account" }).click();
    await waitForHash(page, "#/information/index");
    await page.getByText("Verified", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Real-name verification" }).click();
    await page.getByRole("heading", { name: "Identity verified" }).waitFor();
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await waitForHash(page, "#/information/index");
  });

  it("binds a bank card in the verified name, after one in another name is refused", async () => {
    await page.getByRole("button", { name: "Bank cards" }).click();
    await waitForHash(page, "#/information/bankList");
    await page.getByText("No bank card bound yet").waitFor();
    await accessible(page, "bank list, empty");
    await page.getByRole("button", { name: "Add bank card" }).click();
    await waitForHash(page, "#/information/addBankCard");

    const holder = page.getByLabel("Holder name");
    await expect.poll(() => holder.inputValue()).toBe(realName);
    await holder.fill("Ravi Kumar");
    await page.getByLabel("Card number").fill("6222021234567890123");
    await page.getByLabel("Branch name").fill("Mumbai Main Branch");
    await page.getByLabel("IFSC code").fill("SBIN0000300");
    // An Indian bank is named by its IFSC.
    await expect
      .poll(() => page.getByRole("status", { name: "Bank name" }).textContent())
      .toBe("State Bank of India");
    await page.getByRole("button", { name: "Bind card" }).click();
    await page.getByRole("alert").filter({ hasText: "This card is not the holder's own" }).waitFor();
    await accessible(page, "add card, refused");
    await shoot(page, "identity-add-card-refused");

    await holder.fill(realName);
    await accessible(page, "add card");
    await shoot(page, "identity-add-card");
    await page.getByRole("button", { name: "Bind card" }).click();
    await waitForHash(page, "#/information/bankList");
    const cards = page.getByRole("list", { name: "Bank cards" });
    const card = cards.getByRole("listitem").filter({ hasText: "State Bank of India" });
    await card.getByLabel("Card number ending 0123").waitFor();
    await card.getByText(realName, { exact: true }).waitFor();
    expect(await card.getByLabel("Card number ending 0123").innerText()).not.toContain("1234567890");
    await accessible(page, "bank list");
    await shoot(page, "identity-bank-list");
  });

  it("keeps a bank name of 100 unbroken letters within the phone's width", async () => {
    const bankName = `Bank${"X".repeat(96)}`;
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await waitForHash(page, "#/information/addBankCard");
    await expect.poll(() => page.getByLabel("Holder name").inputValue()).toBe(realName);
    // A bank outside India is named by the user (an Indian one by its IFSC).
    await page.getByLabel("Bank's country").selectOption("TH");
    await page.getByLabel("Account number or IBAN").fill("6222021234567890456");
    await page.getByLabel("SWIFT/BIC code").fill("BKKBTHBK");
    await page.getByLabel("Bank name").fill(bankName);
    await page.getByLabel("Branch name").fill(`Branch${"Y".repeat(94)}`);
    await page.getByRole("button", { name: "Bind card" }).click();
    await waitForHash(page, "#/information/bankList");
    const list = page.getByRole("list", { name: "Bank cards" });
    const tile = list.getByRole("listitem").filter({ hasText: bankName });
    await tile.getByLabel("Card number ending 0456").waitFor();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      list: document.querySelector(".bank-cards")?.getBoundingClientRect().right ?? Infinity,
    }));
    expect(widths.page).toBeLessThanOrEqual(VIEWPORT.width);
    expect(widths.list).toBeLessThanOrEqual(VIEWPORT.width);
    expect((await tile.boundingBox())?.width ?? Infinity).toBeLessThanOrEqual(VIEWPORT.width);
    await shoot(page, "identity-bank-list-long-name");
  });

  it("adds a wallet address and shows its QR code", async () => {
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await waitForHash(page, "#/information/index");
    await page.getByRole("button", { name: "Wallet address" }).click();
    await waitForHash(page, "#/information/usdtAddress");
    await page.getByText("No wallet address yet").waitFor();
    await page.getByRole("radio", { name: "USDT-TRC20" }).check();
    await page.getByLabel("Address", { exact: true }).fill(TRC20_ADDRESS);
    await page.getByRole("button", { name: "Add address" }).click();
    await page.getByText("Address added").waitFor();

    const wallet = page.getByRole("list", { name: "My addresses" }).getByRole("listitem");
    await wallet.getByText(TRC20_ADDRESS, { exact: true }).waitFor();
    const qr = wallet.getByRole("img", { name: "QR code of the USDT-TRC20 address" });
    await imagesLoaded(qr, 1);
    // Spec §9's size: 256 × 256.
    expect(await qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(256);
    await wallet.getByRole("button", { name: "Copy address" }).waitFor();
    // The address with its code, whole, for the screenshot.
    await wallet.evaluate((tile) => tile.scrollIntoView({ block: "end" }));
    await accessible(page, "wallet");
    await shoot(page, "identity-wallet-qr");
  });

  it("an administrator opens every page of the back office, with its drawers, lists and pickers", async () => {
    await admin.getByRole("button", { name: "Log out" }).click();
    await admin.waitForURL(/\/admin\/login$/);
    await staffLogin(admin);
    expect(await visitEveryBackOfficePage(admin)).toEqual(
      [
        "reviews",
        "users",
        "staff",
        "audit",
        "proofs",
        "config",
        "channels",
        "blockTrades",
        "placements",
        "follow",
        "ipos",
        "news",
        "support",
        "security",
      ].map((page) => `/admin/${page}`),
    );
    // Styled by antd's prebuilt sheet with the back office's own tokens over it, not left unstyled.
    const selected = admin.getByRole("navigation", { name: "Main menu" }).locator(".ant-menu-item-selected");
    expect(await selected.evaluate((item) => getComputedStyle(item).backgroundColor)).toBe("rgb(9, 88, 217)");
  });

  it("keeps to the Content-Security-Policy on every screen, in the app and in the back office", () => {
    expectStrictCsp(documentCsp);
    expect(csp.list()).toEqual([]);
    expectStrictCsp(adminDocumentCsp);
    expect(adminCsp.list()).toEqual([]);
  });
});
