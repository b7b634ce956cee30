import { SETTING_DEFAULTS, type ConfigItem } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { asStaff, defaultConfigItems, isolateTests, ok } from "../test/harness";

/** What the browser's canvas would make of the chosen file (jsdom has no canvas). */
const encoded = vi.hoisted(() => ({ url: "" }));
vi.mock("./logo", () => ({ encodeLogo: () => Promise.resolve(encoded.url) }));

isolateTests();

const items = defaultConfigItems();

/** The config page as an operator; `config/set` answers the value sent. */
function openPage() {
  return asStaff("operator", "/config", {
    "config/list": () => ok({ items }),
    "config/set": (body) =>
      ok({ ...(items.find((i) => i.key === body.key) as ConfigItem), value: body.value, overridden: true }),
  });
}

async function edit(label: string) {
  fireEvent.click(await screen.findByRole("button", { name: `Edit ${label}` }, { timeout: 20_000 }));
  const drawer = await screen.findByRole("dialog");
  fireEvent.change(within(drawer).getByLabelText("Reason for the change"), { target: { value: "Rebrand" } });
  return drawer;
}

const save = (drawer: HTMLElement) => fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
const sent = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === "config/set");

/** A WebP data URL of `bytes` bytes (what the browser's canvas made; the server reads the image). */
const webpOf = (bytes: number) => `data:image/webp;base64,${"A".repeat(Math.ceil(bytes / 3) * 4)}`;

describe("the configuration page's sections and forms", { timeout: 40_000 }, () => {
  it("shows the keys in sections, each value in words", async () => {
    openPage();
    const app = await screen.findByRole("region", { name: "App & service" }, { timeout: 20_000 });
    expect(within(app).getByRole("article", { name: "Customer-service link" })).toBeTruthy();
    expect(within(app).getByText("None: the app offers no customer-service entry")).toBeTruthy();
    expect(within(app).getByText("English, 繁體中文, 简体中文, 한국어, हिन्दी")).toBeTruthy();
    for (const name of ["Deposits & withdrawals", "Trading by market", "Exchange", "Loans", "Alerts"])
      expect(screen.getByRole("region", { name })).toBeTruthy();
    const loans = screen.getByRole("region", { name: "Loans" });
    expect(
      within(loans).getByText(
        "USD 100.00 per score point, at most USD 50,000.00 · from USD 100.00 · 0.05% a day · 30 days",
      ),
    ).toBeTruthy();
    const money = screen.getByRole("region", { name: "Deposits & withdrawals" });
    expect(within(money).getByText("USDT-TRC20: USD 1.00 · USDT-ERC20: USD 10.00")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Exchange" })).getByText("0.5%")).toBeTruthy();
  });

  it("edits the loan terms field by field, the daily rate as a percentage", async () => {
    const calls = openPage();
    const drawer = await edit("Credit loan terms");
    expect(within(drawer).queryByLabelText("Value (JSON)")).toBeNull();
    expect((within(drawer).getByLabelText("Daily interest rate (%)") as HTMLInputElement).value).toBe("0.05");
    fireEvent.change(within(drawer).getByLabelText("Daily interest rate (%)"), {
      target: { value: "0.075" },
    });
    fireEvent.change(within(drawer).getByLabelText("Highest quota"), { target: { value: "80000" } });
    fireEvent.change(within(drawer).getByLabelText("Term (days)"), { target: { value: "60" } });
    save(drawer);
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]?.body).toEqual({
      key: "loan.terms",
      value: { ...SETTING_DEFAULTS["loan.terms"], dailyRate: "0.00075", maxQuota: "80000", termDays: 60 },
      reason: "Rebrand",
    });
  });

  it("edits the payout networks' fees as rows", async () => {
    const calls = openPage();
    const drawer = await edit("Crypto payout networks and fees");
    const fees = within(drawer).getAllByLabelText("Network fee");
    expect(fees.map((f) => (f as HTMLInputElement).value)).toEqual(["1", "10"]);
    fireEvent.change(fees[1] as HTMLElement, { target: { value: "-2" } });
    save(drawer);
    expect(await within(drawer).findByText("Enter a fee of 0 or more, such as 1 or 0.50")).toBeTruthy();
    fireEvent.change(fees[1] as HTMLElement, { target: { value: "7.5" } });
    fireEvent.click(
      within(drawer).getAllByRole("button", { name: "Remove this network fee" })[0] as HTMLElement,
    );
    save(drawer);
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]?.body).toMatchObject({ value: { "USDT-ERC20": { USD: "7.5" } } });
  });

  it("refuses a logo too large and sends one that fits", async () => {
    const calls = openPage();
    const drawer = await edit("App logo");
    const file = new File(["x"], "logo.png", { type: "image/png" });
    encoded.url = webpOf(64 * 1024 + 3);
    fireEvent.change(within(drawer).getByLabelText("Logo image file"), { target: { files: [file] } });
    expect(
      await within(drawer).findByText("The logo must be at most 256 × 256 pixels and 64 KB"),
    ).toBeTruthy();
    save(drawer);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent(calls)).toHaveLength(0);

    encoded.url = webpOf(30_000);
    fireEvent.change(within(drawer).getByLabelText("Logo image file"), { target: { files: [file] } });
    expect(await within(drawer).findByRole("img", { name: "Logo preview" })).toBeTruthy();
    await waitFor(() =>
      expect(within(drawer).queryByText("The logo must be at most 256 × 256 pixels and 64 KB")).toBeNull(),
    );
    save(drawer);
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]?.body).toMatchObject({ key: "app.logo", value: webpOf(30_000) });
  });

  it("keeps at least one language", async () => {
    const calls = openPage();
    const drawer = await edit("App languages");
    for (const name of ["English", "繁體中文", "简体中文", "한국어", "हिन्दी"])
      fireEvent.click(within(drawer).getByRole("checkbox", { name }));
    save(drawer);
    expect(await within(drawer).findByText("Offer at least one language")).toBeTruthy();
    expect(sent(calls)).toHaveLength(0);
    fireEvent.click(within(drawer).getByRole("checkbox", { name: "हिन्दी" }));
    fireEvent.click(within(drawer).getByRole("checkbox", { name: "English" }));
    save(drawer);
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]?.body).toMatchObject({ key: "app.languages", value: ["en", "yd"] });
  });

  it("takes only an https customer-service link", async () => {
    const calls = openPage();
    const drawer = await edit("Customer-service link");
    const link = within(drawer).getByLabelText("Customer-service link");
    fireEvent.change(link, { target: { value: "http://help.example.com" } });
    save(drawer);
    expect(await within(drawer).findByText("The link must be an https:// address")).toBeTruthy();
    expect(sent(calls)).toHaveLength(0);
    fireEvent.change(link, { target: { value: "https://help.example.com/chat" } });
    save(drawer);
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]?.body).toMatchObject({ key: "app.kefu", value: "https://help.example.com/chat" });
  });
});
