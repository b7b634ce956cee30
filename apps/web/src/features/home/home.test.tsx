import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { calls, renderAt, renderRoute, serve, signedInTests } from "../../test/api";
import { isBuilt } from "../../app/reachable";
import { KEFU } from "../../app/useGo";
import { QuickEntries } from "./components/QuickEntries";
import { HomeTabs } from "./components/HomeTabs";
import { HOME_TABS, QUICK_ENTRIES, quickEntryColumns } from "./entries";

const KEFU_LINK = "https://help.example.com/chat";
const withKefu = [{ name: "kefu", value: KEFU_LINK }];

const services = () => screen.findByRole("region", { name: "Services" });
const tiles = async () => within(await services()).getAllByRole("button");

signedInTests();
afterEach(() => vi.restoreAllMocks());

describe("home services", () => {
  it("shows customer service (the in-app conversation) while config has no link, and every service's tile", async () => {
    serve({});
    renderAt(<QuickEntries />, "/home/index");
    await waitFor(() => expect(calls("common/config")).toHaveLength(1));
    const names = (await tiles()).map((tile) => tile.textContent);
    expect(names).toEqual([
      "Deposit",
      "Withdraw",
      "New shares",
      "Day trading",
      "Copy trading",
      "Credit loan",
      "Securities lending",
      "Block trades",
      "Placements",
      "Customer service",
    ]);
  });

  it("leads customer service to the in-app conversation while config has no link", async () => {
    serve({});
    renderRoute(<QuickEntries />, "/home/index");
    await waitFor(() => expect(calls("common/config")).toHaveLength(1));
    fireEvent.click(await within(await services()).findByRole("button", { name: "Customer service" }));
    expect((await screen.findByTestId("where")).textContent).toBe("/home/kefuView");
  });

  it("shows customer service with a configured link, and opens the link", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    serve({}, withKefu);
    renderAt(<QuickEntries />, "/home/index");
    const kefu = await within(await services()).findByRole("button", { name: "Customer service" });
    fireEvent.click(kefu);
    expect(open).toHaveBeenCalledWith(KEFU_LINK, "_blank", "noopener");
  });

  it("leads from every visible tile to a built screen, never to a placeholder", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    serve({}, withKefu);
    const render = async () => {
      const view = renderRoute(<QuickEntries />, "/home/index");
      // Customer service shows once config is in.
      await within(await services()).findByRole("button", { name: "Customer service" });
      return { view, shown: await tiles() };
    };
    const { view, shown } = await render();
    const count = shown.length;
    view.unmount();
    for (let index = 0; index < count; index += 1) {
      const next = await render();
      const tile = next.shown[index];
      if (!tile) throw new Error(`tile ${index} missing`);
      fireEvent.click(tile);
      const where = screen.queryByTestId("where")?.textContent;
      // Customer service opens its link and stays; every other tile goes to its screen.
      if (tile.textContent === "Customer service") expect(where).toBeUndefined();
      else expect(isBuilt(where ?? ""), `${tile.textContent} → ${where}`).toBe(true);
      next.view.unmount();
    }
    expect(count).toBe(QUICK_ENTRIES.filter((entry) => entry.to === KEFU || isBuilt(entry.to)).length);
  });

  it("lays out even rows: never one tile alone on a row", () => {
    for (let count = 1; count <= QUICK_ENTRIES.length; count += 1) {
      const columns = quickEntryColumns(count);
      expect(columns, String(count)).toBeGreaterThan(0);
      if (count > columns) expect(count % columns, String(count)).not.toBe(1);
    }
  });
});

describe("home tabs", () => {
  it("offers the four tabs of spec §2, each with a built screen behind it", async () => {
    serve({ "trade/inventory": [] });
    renderAt(
      <Routes>
        <Route path="/home/index" element={<HomeTabs />} />
      </Routes>,
      "/home/index",
    );
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Holdings", "IPO", "Block trades", "Copy trading"]);
    expect(HOME_TABS.filter((tab) => !isBuilt(tab.to))).toEqual([]);
  });

  it("lists the first copy-trading products in the copy-trading tab, with the ways to all and to mine", async () => {
    serve({
      "trade/inventory": [],
      "follow/products": { items: [], nextCursor: null },
    });
    renderAt(
      <Routes>
        <Route path="/home/index" element={<HomeTabs />} />
      </Routes>,
      "/home/index",
    );
    fireEvent.click(await screen.findByRole("tab", { name: "Copy trading" }));
    await screen.findByText("No copy-trading products yet");
    expect(screen.getByRole("link", { name: "All products" }).getAttribute("href")).toBe("/home/fllow");
    expect(screen.getByRole("link", { name: "Copy orders" }).getAttribute("href")).toBe("/home/qcList");
  });
});
