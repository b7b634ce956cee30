import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { SCREENSHOT_DIR, settleAnimations } from "./harness";

/**
 * Until the page has what it shows: its heading, and no spinner or skeleton left (antd writes the rules
 * of a table, a picker or a dropdown when they first render, so a tour that moves on too early misses
 * them).
 */
async function pageShown(page: Page) {
  await page.locator(".admin-page__title").waitFor();
  await expect
    .poll(() => page.locator(".ant-spin-spinning, .ant-skeleton-active").count(), { timeout: 15_000 })
    .toBe(0);
  await settleAnimations(page);
}

/** Opens the first selection list in `scope`, chooses an option (the first) and waits for it to close. */
async function chooseOption(page: Page, scope: Locator, option?: string) {
  await scope.getByRole("combobox").first().click();
  const list = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)");
  await list.waitFor();
  const options = list.locator(".ant-select-item-option");
  await (option ? options.filter({ hasText: option }) : options).first().click();
  await list.waitFor({ state: "hidden" });
}

/** A page's "New …" drawer: opened, its first list used, cancelled. */
function newRecordDrawer(button: string, title: string) {
  return async (page: Page) => {
    await page.getByRole("button", { name: button, exact: true }).click();
    const drawer = page.getByRole("dialog", { name: title });
    await drawer.waitFor();
    await settleAnimations(page);
    if ((await drawer.getByRole("combobox").count()) > 0) await chooseOption(page, drawer);
    await drawer.getByRole("button", { name: "Cancel", exact: true }).click();
    await drawer.waitFor({ state: "hidden" });
  };
}

/**
 * What the tour opens on a page besides the page itself: antd renders drawers, modals, pickers and
 * dropdowns at the end of <body>, positions them with inline styles and locks scrolling behind them,
 * each a place where a run-time style could be refused.
 */
const OPEN_ON_PAGE: Record<string, (page: Page) => Promise<void>> = {
  "/admin/audit": async (page) => {
    const filters = page.locator(".admin-filters");
    await chooseOption(page, filters);
    await filters.locator(".ant-picker").click();
    const calendar = page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden)");
    await calendar.waitFor();
    await page.keyboard.press("Escape");
    await calendar.waitFor({ state: "hidden" });
  },
  "/admin/config": async (page) => {
    await page
      .getByRole("button", { name: /^Edit / })
      .first()
      .click();
    const drawer = page.getByRole("dialog", { name: /^Edit: / });
    await drawer.waitFor();
    await settleAnimations(page);
    await drawer.getByRole("button", { name: "Close", exact: true }).click();
    await drawer.waitFor({ state: "hidden" });
  },
  "/admin/channels": newRecordDrawer("New channel", "New deposit channel"),
  "/admin/blockTrades": newRecordDrawer("New offer", "New block-trade offer"),
  "/admin/placements": newRecordDrawer("New offer", "New placement offer"),
  "/admin/ipos": newRecordDrawer("New offering", "New IPO offering"),
  "/admin/news": newRecordDrawer("New article", "Publish a new article"),
  "/admin/proofs": async (page) => {
    await page.getByRole("button", { name: "Build now", exact: true }).click();
    const modal = page.getByRole("dialog", { name: "Build the proof of liabilities now?" });
    await modal.waitFor();
    await settleAnimations(page);
    await modal.getByRole("button", { name: "Cancel", exact: true }).click();
    await modal.waitFor({ state: "hidden" });
  },
  "/admin/staff": async (page) => {
    await page.getByRole("button", { name: "New staff account", exact: true }).click();
    const modal = page.getByRole("dialog", { name: "New staff account" });
    await modal.waitFor();
    await chooseOption(page, modal);
    await modal.getByRole("button", { name: "Cancel", exact: true }).click();
    await modal.waitFor({ state: "hidden" });
  },
};

/**
 * Opens every entry of the back office's side menu in turn (signed in as a role that sees all of them),
 * with what OPEN_ON_PAGE opens there and the header's language list, and keeps a 1440 × 900 screenshot
 * of each page (admin-page-<name>.png). Answers the paths visited, in menu order.
 */
export async function visitEveryBackOfficePage(admin: Page): Promise<string[]> {
  const menu = admin.getByRole("navigation", { name: "Main menu" });
  const entries = await menu.getByRole("menuitem").allInnerTexts();
  const visited: string[] = [];
  for (const entry of entries) {
    const item = menu.getByRole("menuitem", { name: entry.trim(), exact: true });
    await item.click();
    // Selected once the address is the entry's (the first entry may be the page already open).
    await expect.poll(() => item.getAttribute("class")).toContain("ant-menu-item-selected");
    await pageShown(admin);
    const path = new URL(admin.url()).pathname;
    visited.push(path);
    await OPEN_ON_PAGE[path]?.(admin);
    await settleAnimations(admin);
    await admin.screenshot({ path: join(SCREENSHOT_DIR, `admin-page-${path.split("/").pop()}.png`) });
  }
  await chooseOption(admin, admin.locator(".admin-header"), "English");
  return visited;
}
