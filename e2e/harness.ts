import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { AxeBuilder } from "@axe-core/playwright";
import sharp from "sharp";
import { expect, inject } from "vitest";
import { CHROMIUM, CHROMIUM_ARGS, ROOT, SERVER_ENTRY, startBuiltServer } from "../scripts/built-server.mjs";

export const SCREENSHOT_DIR = join(ROOT, "e2e", "screenshots");
export { CHROMIUM };
export const INVITE_CODE = "E2EINVITE";
export const VIEWPORT = { width: 390, height: 844 };
/** The back office is a desktop app: its journeys open it in a window of this size. */
export const DESKTOP = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, locale: "en-US" };
/** The first administrator of every journey's server. */
export const ADMIN = { account: "e2eadmin", password: "e2e-admin-password" };

export interface Envelope {
  status: number;
  msg: string;
  data: Record<string, unknown>;
}

/** A call to the API of the running server (setup only: what a journey checks goes through the screens). */
export async function api(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/api/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope;
  if (answer.status !== 1) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** The back office's log-in form (already open), as `who`; waits until the staff member is signed in. */
export async function staffLogin(admin: Page, who: { account: string; password: string } = ADMIN) {
  await admin.getByRole("heading", { name: "Back office" }).waitFor();
  await admin.getByLabel("Staff account").fill(who.account);
  await admin.getByLabel("Password", { exact: true }).fill(who.password);
  await admin.getByRole("button", { name: "Log in", exact: true }).click();
  await admin.getByTestId("staff-account").filter({ hasText: who.account }).waitFor();
}

/** A back-office session made through the API (setup only): the headers of its calls. */
export async function staffSession(base: string, who: { account: string; password: string } = ADMIN) {
  const login = await api(base, "admin/auth/login", who);
  return { token: String(login.token), account: String(login.account) };
}

/** A user registered with the journeys' invitation code through the API: the user's session headers. */
export async function registerUser(
  base: string,
  { account, password }: { account: string; password: string },
) {
  const registered = await api(base, "vue/user/register", {
    account,
    password,
    confirmPassword: password,
    inviteCode: INVITE_CODE,
    agree: true,
  });
  return { token: String(registered.token), account };
}

/**
 * A user registered with the journeys' invitation code whose real-name verification `staff` approved,
 * made through the API (what the identity journey shows on screen): the user's session headers.
 */
export async function verifiedUser(
  base: string,
  staff: Record<string, string>,
  who: { account: string; password: string; realName: string },
) {
  const { account, realName } = who;
  const user = await registerUser(base, who);
  const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#246" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set("realName", realName);
  form.set("idNumber", "110105199003071234");
  form.set("front", new Blob([photo], { type: "image/jpeg" }), "front.jpg");
  form.set("back", new Blob([photo], { type: "image/jpeg" }), "back.jpg");
  const kyc = await fetch(`${base}/api/vue/kyc/submit`, { method: "POST", headers: user, body: form });
  expect(((await kyc.json()) as Envelope).status).toBe(1);
  const queue = await api(base, "admin/reviews/list", { kind: "kyc", state: "pending" }, staff);
  const review = (queue.items as { id: string; account?: string }[]).find((r) => r.account === account);
  if (!review) throw new Error(`no KYC review of ${account}`);
  await api(
    base,
    "admin/reviews/decide",
    { kind: "kyc", id: review.id, decision: "approve", reason: "" },
    staff,
  );
  return user;
}

/** The phone's log-in screen, as `account`; waits for the home screen's greeting of `name`. */
export async function phoneLogin(
  page: Page,
  base: string,
  who: { account: string; password: string; name: string },
) {
  await page.goto(`${base}/#/login/login`);
  await page.getByLabel("Phone or account").fill(who.account);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByRole("heading", { name: new RegExp(`Hello, ${who.name}`) }).waitFor();
}

const WEB_INDEX = join(ROOT, "apps/web/dist/index.html");

/**
 * Whether the journeys can run. Without the system Chromium, a developer machine skips them with a loud
 * warning; CI (env CI set) fails instead, so a missing browser never passes silently.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const message = `${CHROMIUM} is missing: install the Debian package "chromium" to run the e2e journeys.`;
  if (process.env.CI) throw new Error(message);
  console.warn(`\n${"!".repeat(80)}\n!! E2E SKIPPED: ${message}\n${"!".repeat(80)}\n`);
  return false;
}

const PHONE = { viewport: VIEWPORT, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: "en-US" };

/**
 * A phone-sized page in a browser profile of its own on disk. Chromium refuses to install a web app from
 * an incognito context (what `newPage` gives), so the installability journey uses this one.
 */
export async function launchProfilePage(): Promise<{
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), "brokerage-e2e-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    ...PHONE,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The pages the journeys opened and have not closed: what `describeOpenPages` tells of a failed test. */
const openPages = new Set<Page>();
function tracked(page: Page): Page {
  openPages.add(page);
  page.once("close", () => openPages.delete(page));
  return page;
}

/**
 * What each open page shows (its address and the start of its text), and a screenshot of it as
 * `failed-<name>-<n>.png`: printed when a journey's test fails (e2e/on-failure.ts), so that a failure in a
 * CI log says what the screen showed instead of only what was not found.
 */
export async function describeOpenPages(name: string): Promise<string> {
  const told: string[] = [];
  let n = 0;
  for (const page of openPages) {
    n += 1;
    const file = join(SCREENSHOT_DIR, `failed-${name}-${n}.png`);
    const url = page.url();
    const text = await page
      .evaluate(() => document.body?.innerText ?? "")
      .catch((error: unknown) => `(unreadable: ${String(error)})`);
    await page.screenshot({ path: file, timeout: 5000 }).catch(() => undefined);
    told.push(`page ${n}: ${url}\n${text.replace(/\s+\n/g, "\n").slice(0, 1500)}\n(screenshot: ${file})`);
  }
  return told.join("\n\n");
}

export interface Harness {
  baseUrl: string;
  browser: Browser;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  /** A phone page with the journeys' timeout, watching for CSP violations. */
  phonePage(): Promise<{ page: Page; csp: CspWatch }>;
  /** The back office's desktop window, with the journeys' timeout, watching for CSP violations. */
  backOfficePage(): Promise<{ context: BrowserContext; page: Page; csp: CspWatch }>;
  /** Stops the server and keeps the browser: the origin is gone, as for a phone without a network. */
  stopServer(): Promise<void>;
  /** The server's time (its test clock, ms since the epoch). */
  serverNow(): Promise<number>;
  /**
   * Moves time forward by `ms` at once, on the server (TEST_CLOCK) and in every browser context of the
   * harness, open or opened later: a lock or a window passes without waiting for it on the wall clock.
   */
  advanceClock(ms: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the built server on a free port with a fresh data folder and a clock the journey moves
 * (TEST_CLOCK=1), and the system Chromium.
 */
export async function startHarness(): Promise<Harness> {
  for (const file of [SERVER_ENTRY, WEB_INDEX])
    if (!existsSync(file))
      throw new Error(`${file} is missing: run \`npm run build\` first (npm run test:e2e does).`);

  const server = await startBuiltServer({
    name: "e2e",
    fromDataDir: inject("e2eDataTemplate") || undefined,
    env: {
      BOOTSTRAP_INVITE_CODE: INVITE_CODE,
      ADMIN_ACCOUNT: ADMIN.account,
      ADMIN_PASSWORD: ADMIN.password,
      TEST_CLOCK: "1",
    },
  });
  const { baseUrl } = server;

  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  } catch (error) {
    await server.stop();
    throw error;
  }
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const launched = browser;

  // How far the server's clock is ahead of this machine's; each context's clock is kept as far ahead.
  // A context's fake clock is installed only once time first moves: until then, pages run on real timers.
  let offsetMs = 0;
  const contexts = new Map<BrowserContext, { installed: boolean }>();
  async function newContext(options: typeof PHONE | typeof DESKTOP) {
    const context = await launched.newContext(options);
    contexts.set(context, { installed: offsetMs > 0 });
    context.once("close", () => contexts.delete(context));
    if (offsetMs > 0) await context.clock.install({ time: Date.now() + offsetMs });
    return context;
  }

  return {
    baseUrl,
    browser: launched,
    async newPage() {
      const context = await newContext(PHONE);
      return { context, page: tracked(await context.newPage()) };
    },
    async phonePage() {
      const page = tracked(await (await newContext(PHONE)).newPage());
      page.setDefaultTimeout(15_000);
      return { page, csp: await watchCspViolations(page) };
    },
    async backOfficePage() {
      const context = await newContext(DESKTOP);
      const page = tracked(await context.newPage());
      page.setDefaultTimeout(15_000);
      return { context, page, csp: await watchCspViolations(page) };
    },
    stopServer: () => server.stop(),
    async serverNow() {
      const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as Envelope;
      return Date.parse(String(health.data.time));
    },
    async advanceClock(ms: number) {
      await api(baseUrl, "test/clock/advance", { ms });
      for (const [context, state] of contexts) {
        if (!state.installed) await context.clock.install({ time: Date.now() + offsetMs });
        state.installed = true;
        // Fires each due timer once, as a phone waking from sleep would.
        await context.clock.fastForward(ms);
      }
      offsetMs += ms;
    },
    async close() {
      await launched.close();
      await server.stop();
    },
  };
}

/**
 * Waits until antd-mobile's animated layers (masks, dialogs, popups, toasts: animated from script, frame
 * by frame, through inline styles) have stopped moving, and until no finite CSS animation or transition
 * runs (the back office's antd modals, drawers and messages fade through CSS classes), so what is checked
 * is what the user reads, not a frame of a fade at half opacity. Endless ones (spinners, skeletons) are
 * not waited for.
 */
export async function settleAnimations(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5000, polling: 50 },
    )
    .catch(() => undefined);
  const frame = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll("[class^='adm-'][style], [class*=' adm-'][style]"))
        .map((element) => element.getAttribute("style"))
        .join("|"),
    );
  let previous = await frame();
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(50);
    const current = await frame();
    if (current === previous) return;
    previous = current;
  }
}

/** Fails on axe violations of impact "serious" or "critical" on the current screen. */
export async function expectAccessible(page: Page, screen: string, options: { exclude?: string[] } = {}) {
  // A toast is a message of 2 s at most: one fading out while axe reads the page is measured at half
  // opacity (CI's failure of e0eb1d7). The screen is checked once the last toast has gone.
  await page
    .locator(".adm-toast-main")
    .waitFor({ state: "detached", timeout: 5000 })
    .catch(() => undefined);
  await settleAnimations(page);
  const builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder.exclude(selector);
  const result = await builder.analyze();
  const blocking = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact}) ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  expect(blocking).toEqual([]);
}

/** Toasts last 2 s; screenshots wait until none is showing. */
export async function shoot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.locator(".adm-toast-main").waitFor({ state: "detached", timeout: 5000 });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

export type CspWatch = Awaited<ReturnType<typeof watchCspViolations>>;

/**
 * Collects every Content-Security-Policy violation the page reports, from now on and across reloads:
 * the `securitypolicyviolation` events (through a binding, so a reload does not lose them) and the
 * browser's console messages about the policy. `list()` is what was collected so far.
 */
export async function watchCspViolations(page: Page) {
  const seen: string[] = [];
  await page.exposeBinding("__reportCspViolation", (_source, text: string) => void seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const text =
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ` +
        `${event.sourceFile}:${event.lineNumber} ${event.sample}`.trim();
      // Looked up at each event: the binding may be installed after this script.
      (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation?.(text);
    });
  });
  // "Refused to load …", "Applying inline style violates …": every such message names the policy.
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) seen.push(`console: ${message.text()}`);
  });
  return { list: () => [...seen] };
}

/** The directives of a Content-Security-Policy header, each with its sources. */
export function parseCsp(header: string | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/**
 * The policy the journeys hold the server to: scripts and styles from the app's origin only (no inline,
 * no eval), no plugins, no framing. A web-app change that needs more must be fixed in the app.
 */
export function expectStrictCsp(header: string | undefined) {
  const csp = parseCsp(header);
  for (const directive of ["default-src", "script-src", "connect-src"])
    expect(csp.get(directive), directive).toEqual(["'self'"]);
  // Beside the app's own sheets, only the documents' one stylesheet, by its hash (never 'unsafe-inline').
  const styles = csp.get("style-src") ?? [];
  expect(styles[0]).toBe("'self'");
  expect(
    styles.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source)),
    styles.join(" "),
  ).toBe(true);
  expect(styles.length).toBeLessThanOrEqual(2);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
}

/** Opens a screen afresh, as a user coming back to the app: everything shown is read from the server again. */
export async function reopen(page: Page, base: string, hash: string) {
  await page.goto(`${base}/${hash}`);
  await page.reload();
}

export async function waitForHash(page: Page, hash: string) {
  await page.waitForFunction((h) => window.location.hash === h, hash, { timeout: 15_000 });
}

/**
 * Every control inside `scope` (buttons, radios, inputs, links) measured from the DOM: the ones smaller
 * than a 44 × 44 px target, by accessible name or text, with their size. An empty list passes.
 */
export async function smallTargets(scope: Locator, min = 44): Promise<string[]> {
  return scope.evaluate((root, least) => {
    const controls = Array.from(
      root.querySelectorAll(
        "button, [role=radio], [role=tab], input:not([type=hidden]), a[href], [role=switch]",
      ),
    ) as HTMLElement[];
    const small: string[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue; // not shown
      // A control inside a larger labelled target (an input in its field box) is measured by that box.
      const target = (control.closest(".field__control, .lots-stepper") as HTMLElement | null) ?? control;
      const measured = target === control ? box : target.getBoundingClientRect();
      if (measured.height + 0.5 < least || (target === control && box.width + 0.5 < least))
        small.push(
          `${control.getAttribute("aria-label") ?? control.textContent?.trim() ?? control.tagName} ` +
            `${Math.round(measured.width)}×${Math.round(measured.height)}`,
        );
    }
    return small;
  }, min);
}

/**
 * The zone the app names after a time it shows (apps/web/src/lib/format.ts formatZoneOffset): the browser
 * runs in this process's zone, so its offset at `at` ("GMT+8"), or "UTC".
 */
export function zoneName(at: Date): string {
  const offset = new Intl.DateTimeFormat("en-US", { timeZoneName: "shortOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  return !offset || /^GMT([+-]0(:00)?)?$/.test(offset) ? "UTC" : offset;
}
