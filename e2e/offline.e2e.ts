import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page, Response } from "playwright-core";
import {
  browserAvailable,
  expectAccessible,
  launchProfilePage,
  shoot,
  startHarness,
  waitForHash,
  watchCspViolations,
  type Harness,
} from "./harness";

const run = browserAvailable();

const offlineNotice = (page: Page) => page.getByRole("alert", { name: "You are offline" });

/** Every URL held by any Cache Storage cache of the page's origin (the service worker's precache). */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });

/** A full navigation (not a same-document hash change), the way a second visit starts. */
async function visit(page: Page, url: string): Promise<Response | null> {
  await page.goto("about:blank");
  return page.goto(url);
}

describe.skipIf(!run)("installable app shell, offline", () => {
  let harness: Harness;
  let profile: Awaited<ReturnType<typeof launchProfilePage>>;
  let context: BrowserContext;
  let page: Page;
  let csp: Awaited<ReturnType<typeof watchCspViolations>>;
  const apiResponses: Response[] = [];

  beforeAll(async () => {
    harness = await startHarness();
    // Not harness.newPage(): an incognito context is never installable.
    profile = await launchProfilePage();
    ({ context, page } = profile);
    csp = await watchCspViolations(page);
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/api/")) apiResponses.push(response);
    });
  });
  afterAll(async () => {
    await profile?.close();
    await harness?.close();
  });

  it("installs a service worker that takes the page once the shell is precached", async () => {
    await page.goto(`${harness.baseUrl}/`);
    await waitForHash(page, "#/login/start1");
    await page.getByRole("heading", { name: "Invest in the markets you know" }).waitFor();
    // clientsClaim runs on activation, which follows a complete precache.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const urls = await cachedUrls(page);
    expect(urls.some((url) => new URL(url).pathname === "/index.html")).toBe(true);
    expect(urls.some((url) => /\/assets\/.+\.js$/.test(new URL(url).pathname))).toBe(true);
  });

  it("is installable, with a manifest that names the app and carries its icons", async () => {
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);

    const { errors, data } = await cdp.send("Page.getAppManifest");
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data ?? "{}") as {
      name?: string;
      display?: string;
      icons?: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: "Brokerage", display: "standalone" });
    const icons = manifest.icons ?? [];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`).sort()).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of icons) {
      const answer = await page.request.get(new URL(icon.src, `${harness.baseUrl}/`).href);
      expect(answer.ok(), icon.src).toBe(true);
      expect(answer.headers()["content-type"]).toBe("image/png");
    }
    await cdp.detach();
  });

  it("paints a second visit from the cache", async () => {
    const response = await visit(page, `${harness.baseUrl}/`);
    expect(response?.fromServiceWorker()).toBe(true);
    await waitForHash(page, "#/login/start1");
    await page.getByRole("heading", { name: "Invest in the markets you know" }).waitFor();
    expect(await offlineNotice(page).count()).toBe(0);
  });

  it("says so when the device goes offline, and recovers by itself when it is back", async () => {
    await context.setOffline(true);
    await offlineNotice(page).waitFor();
    const response = await visit(page, `${harness.baseUrl}/#/login/login`);
    expect(response?.fromServiceWorker()).toBe(true);
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await offlineNotice(page).waitFor();

    await context.setOffline(false);
    await offlineNotice(page).waitFor({ state: "detached", timeout: 15_000 });
  });

  it("opens from the cache with the offline state, not a browser error, when the server is gone", async () => {
    await harness.stopServer();
    const response = await visit(page, `${harness.baseUrl}/#/login/login`);
    expect(response?.fromServiceWorker()).toBe(true);
    expect(page.url()).toBe(`${harness.baseUrl}/#/login/login`);
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();

    // The device says it is online: the failed calls and a failed probe of the server tell it is not.
    const notice = offlineNotice(page);
    await notice.waitFor({ timeout: 15_000 });
    await notice
      .getByText("Prices and your account need a connection; we will reconnect when you are back online.")
      .waitFor();
    await notice.getByRole("button", { name: "Try again" }).click();
    await notice.getByRole("button", { name: "Try again" }).waitFor();
    await expectAccessible(page, "offline");
    await shoot(page, "offline");
  });

  it("never keeps or answers an /api/ call from the service worker", async () => {
    const urls = await cachedUrls(page);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => new URL(url).pathname.startsWith("/api/"))).toEqual([]);
    expect(apiResponses.length).toBeGreaterThan(0);
    expect(apiResponses.filter((response) => response.fromServiceWorker()).map((r) => r.url())).toEqual([]);
  });

  it("keeps to the Content-Security-Policy throughout, offline too", () => {
    expect(csp.list()).toEqual([]);
  });
});
