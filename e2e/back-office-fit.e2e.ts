import { join } from "node:path";
import sharp from "sharp";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  SCREENSHOT_DIR,
  api,
  browserAvailable,
  registerUser,
  settleAnimations,
  staffLogin,
  startHarness,
  verifiedUser,
  type Envelope,
  type Harness,
} from "./harness";

const run = browserAvailable();

const ALWAYS_OPEN = { days: [0, 1, 2, 3, 4, 5, 6], from: "00:00", to: "24:00", timeZone: "Asia/Kolkata" };

/** What a page shows that does not fit the 1440 × 900 window, read from its DOM. */
interface Misfit {
  /** The document's width beyond the window (0: no horizontal scroll of the page). */
  pageOverflow: number;
  /** Buttons in a table's rows not wholly in view (cut by the table's scroller or the window). */
  hiddenRowButtons: string[];
  /** Buttons, links and fields drawn, even in part, beyond the window's right edge. */
  pastRightEdge: string[];
  /** Table cells with a text written a letter or a few a line. */
  brokenWords: string[];
  /** Body cells squeezed narrower than a short word. */
  narrowCells: string[];
  /** The side menu's width (224 px, not squeezed by a page wider than its room). */
  menuWidth: number;
  /** How many table rows the page shows. */
  rows: number;
}

/**
 * Measures the page: an element counts as drawn where it is not cut away by an ancestor that clips
 * (overflow other than visible), so a column scrolled away inside its table is not "past the edge", but
 * an action cut off by that scroller is not "in view" either.
 */
function measure(page: Page): Promise<Misfit> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
    /** The part of `el` not clipped by its ancestors (null when nothing of it is drawn). */
    const drawn = (el: Element) => {
      const r = el.getBoundingClientRect();
      let left = r.left;
      let right = r.right;
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === "visible") continue;
        const c = a.getBoundingClientRect();
        left = Math.max(left, c.left);
        right = Math.min(right, c.right);
      }
      return right - left > 0.5
        ? { left, right, whole: left <= r.left + 0.5 && right >= r.right - 0.5 }
        : null;
    };
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return style.visibility !== "hidden" && style.display !== "none" && r.width > 0 && r.height > 0;
    };
    /**
     * Whether a text of `el` is written a letter or a few a line: drawn on more than one line with fewer
     * than four characters a line (a long code broken to fit its column still has many a line).
     */
    const squeezed = (el: Element) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = (node.textContent ?? "").trim().length;
        if (length < 2) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = Array.from(range.getClientRects())
          .filter((r) => r.width > 0)
          .map((r) => Math.round(r.top));
        const lines = new Set(tops).size;
        if (lines > 1 && length / lines < 4) return true;
      }
      return false;
    };
    const root = document.querySelector(".admin-content") ?? document.body;
    const rowButtons = Array.from(root.querySelectorAll(".ant-table-tbody button")).filter(shown);
    const controls = Array.from(document.querySelectorAll("button, a[href], input, select, textarea")).filter(
      shown,
    );
    const heads = Array.from(root.querySelectorAll(".ant-table-thead th")).filter(
      (th) => shown(th) && (th.textContent ?? "").trim().length > 0,
    );
    const cells = Array.from(root.querySelectorAll(".ant-table-tbody > tr:not(.ant-table-placeholder) > td"));
    return {
      pageOverflow: Math.max(0, (document.scrollingElement?.scrollWidth ?? 0) - width),
      hiddenRowButtons: rowButtons
        .filter((b) => {
          const d = drawn(b);
          return !d || !d.whole || d.right > width || d.left < 0;
        })
        .map(name),
      pastRightEdge: controls
        .filter((el) => {
          const d = drawn(el);
          return d !== null && d.right > width + 0.5;
        })
        .map(name),
      brokenWords: [...heads, ...cells].filter((cell) => shown(cell) && squeezed(cell)).map(name),
      narrowCells: cells
        .filter((td) => shown(td) && (td.textContent ?? "").trim().length > 1)
        .filter((td) => td.getBoundingClientRect().width < 40)
        .map(name),
      menuWidth: Math.round(document.querySelector(".admin-sider")?.getBoundingClientRect().width ?? 0),
      rows: cells.length,
    };
  });
}

/**
 * Back office at 1440 × 900 (issue 28): every page of the side menu, and a user's detail page, with data in
 * its lists (requests waiting in the queue, users, staff, an article, adjustments), fits the window: the
 * page never scrolls sideways, a table's action buttons are in view without scrolling the table, and no
 * control is drawn past the window's right edge.
 */
describe.skipIf(!run)("back office fits a 1440 × 900 window", () => {
  let harness: Harness;
  let context: BrowserContext;
  let admin: Page;
  let verifiedId: string;
  const suffix = Date.now().toString().slice(-6);
  const password = "Fit-pass-2026";

  beforeAll(async () => {
    harness = await startHarness();
    const base = harness.baseUrl;
    const login = await api(base, "admin/auth/login", ADMIN);
    const staff = { token: String(login.token), account: String(login.account) };
    await api(
      base,
      "admin/config/set",
      { key: "recharge.window", value: ALWAYS_OPEN, reason: "E2E: open" },
      staff,
    );

    // A verified user with money, a deposit waiting and an adjustment above the four-eyes line.
    const account = `fitverified${suffix}`;
    const user = await verifiedUser(base, staff, { account, password, realName: "Priyanka Raghunathan" });
    const found = await api(base, "admin/users/search", { q: account }, staff);
    verifiedId = String((found.items as { id: string }[])[0]?.id);
    const adjust = (amount: string, reason: string) =>
      api(
        base,
        "admin/users/adjust",
        {
          userId: verifiedId,
          currency: "USD",
          amount,
          reason,
          idempotencyKey: `fit-${amount.replace(/\W/g, "")}-${suffix}`,
        },
        staff,
      );
    await adjust("5000.00", "Goodwill credit for the delayed transfer of last week");
    await adjust("1234567.89", "Correction of the migrated opening balance");

    const { channels } = (await api(base, "vue/fund/rechargeChannels", {}, user)) as unknown as {
      channels: { id: string; limits: Record<string, { min: string; max: string }> }[];
    };
    const channel = channels.find((c) => c.limits.USD) ?? channels[0];
    if (!channel) throw new Error("no deposit channel");
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#eee" } })
      .jpeg()
      .toBuffer();
    /** A deposit of `amount` USD with its voucher: whether the server took it. */
    const deposit = async (amount: string) => {
      const form = new FormData();
      form.set("channelId", channel.id);
      form.set("currency", "USD");
      form.set("amount", amount);
      form.set("idempotencyKey", `fit-deposit-${amount.replace(/\W/g, "")}-${suffix}`);
      form.set("voucher", new Blob([photo], { type: "image/jpeg" }), "voucher.jpg");
      const sent = await fetch(`${base}/api/vue/fund/recharge`, {
        method: "POST",
        headers: user,
        body: form,
      });
      return ((await sent.json()) as Envelope).status === 1;
    };
    // 50,000 USD, or the channel's most when that is less.
    if (!(await deposit("50000.00"))) expect(await deposit(channel.limits.USD?.max ?? "100.00")).toBe(true);

    // Users whose real-name verification waits in the queue.
    const waitingNames = [
      "Alexandria Konstantinopoulou-Wetherspoon",
      "Siddharth Venkataraman",
      "Lee Min-jun",
    ];
    for (const [n, realName] of waitingNames.entries()) {
      const waiting = await registerUser(base, { account: `fitwaiting${n}${suffix}`, password });
      const kyc = new FormData();
      kyc.set("realName", realName);
      kyc.set("idNumber", `11010519900307${n}${suffix.slice(-3)}`);
      kyc.set("front", new Blob([photo], { type: "image/jpeg" }), "front.jpg");
      kyc.set("back", new Blob([photo], { type: "image/jpeg" }), "back.jpg");
      const sent = await fetch(`${base}/api/vue/kyc/submit`, { method: "POST", headers: waiting, body: kyc });
      expect(await sent.json()).toMatchObject({ status: 1 });
    }

    await api(
      base,
      "admin/staff/create",
      { account: `fitreviewer${suffix}`, password, role: "reviewer" },
      staff,
    );
    await api(
      base,
      "admin/news/save",
      {
        category: "hot",
        lang: "en",
        title: "Markets close higher as the central bank keeps its policy rate unchanged for the third time",
        summary: "Equities rose across the region.",
        body: "Equities rose across the region after the decision.",
        symbol: null,
        reason: "E2E: an article in the list",
      },
      staff,
    );

    ({ context, page: admin } = await harness.backOfficePage());
    await admin.goto(`${base}/admin/`);
    await staffLogin(admin);
  });

  afterAll(async () => {
    await context?.close();
    await harness?.close();
  });

  /** Waits for the page's heading and its lists, measures it and keeps its screenshot (admin-fit-<name>.png). */
  async function check(name: string) {
    await admin.locator(".admin-page__title").waitFor();
    await expect
      .poll(() => admin.locator(".ant-spin-spinning, .ant-skeleton-active").count(), { timeout: 15_000 })
      .toBe(0);
    await settleAnimations(admin);
    const misfit = await measure(admin);
    await admin.screenshot({ path: join(SCREENSHOT_DIR, `admin-fit-${name}.png`) });
    return misfit;
  }

  const fits = (misfit: Misfit) => ({ ...misfit, rows: undefined });
  const FITS = {
    pageOverflow: 0,
    hiddenRowButtons: [],
    pastRightEdge: [],
    brokenWords: [],
    menuWidth: 224,
    narrowCells: [],
    rows: undefined,
  };

  it("every page of the side menu fits, with its actions in view", async () => {
    const menu = admin.getByRole("navigation", { name: "Main menu" });
    const entries = (await menu.getByRole("menuitem").allInnerTexts()).map((entry) => entry.trim());
    expect(entries.length).toBeGreaterThanOrEqual(10);
    const results: Record<string, ReturnType<typeof fits>> = {};
    for (const entry of entries) {
      const item = menu.getByRole("menuitem", { name: entry, exact: true });
      await item.click();
      await expect.poll(() => item.getAttribute("class")).toContain("ant-menu-item-selected");
      const name = new URL(admin.url()).pathname.split("/").pop() ?? entry;
      const misfit = await check(name);
      if (name === "reviews" || name === "users" || name === "staff" || name === "news")
        expect(misfit.rows, `${name} shows rows`).toBeGreaterThan(0);
      results[name] = fits(misfit);
    }
    expect(results).toEqual(Object.fromEntries(Object.keys(results).map((name) => [name, FITS])));
  });

  it("the queue's deposit and adjustment tabs fit, amounts in the one money format", async () => {
    await admin
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("menuitem", { name: /^Review queue/ })
      .click();
    for (const [tab, amount] of [
      [/^Deposits/, /Amount: \d{1,3}(,\d{3})*\.\d{2} USD/],
      [/^Adjustments/, /Amount: \+1,234,567\.89 USD/],
    ] as const) {
      await admin.getByRole("tab", { name: tab }).click();
      await admin.locator(".ant-table-tbody").getByText(amount).first().waitFor();
      expect(
        fits(await check(`reviews-${String(tab).replace(/\W/g, "").toLowerCase()}`)),
        String(tab),
      ).toEqual(FITS);
    }
  });

  it("a user's detail page fits, its tables scrolling inside their cards", async () => {
    await admin.goto(`${harness.baseUrl}/admin/users/${verifiedId}`);
    expect(fits(await check("user-detail"))).toEqual(FITS);
    // Its lower half: the ledger, the orders and the tabs of cards, sessions and messages.
    await admin.getByText("Orders and positions", { exact: true }).scrollIntoViewIfNeeded();
    await admin.mouse.wheel(0, 400);
    await admin.screenshot({ path: join(SCREENSHOT_DIR, "admin-fit-user-detail-tables.png") });
  });
});
