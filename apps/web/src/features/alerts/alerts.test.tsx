import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Alert, AlertList } from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { ApiError } from "../../lib/apiError";
import { showSuccess } from "../../lib/toast";
import { calls, renderAt, serve, signedInTests } from "../../test/api";
import { AlertBell, AlertsEntry } from "./index";
import { moveBounds } from "./preview";

const stock = { symbol: "DOTUSD", exchange: "CRYPTO", name: "Polkadot", currency: "USD", price: "10.000" };
const names = { en: "Polkadot", ko: "폴카닷", zh: "波卡", zhTW: "波卡", hi: "पोल्काडॉट", local: "Polkadot" };
const above: Alert = {
  id: "a1",
  symbol: "DOTUSD",
  exchange: "CRYPTO",
  name: "Polkadot",
  names,
  currency: "USD",
  condition: "above",
  value: "10.500",
  referencePrice: "10.000",
  firesAtOrAbove: "10.500",
  firesAtOrBelow: null,
  state: "active",
  createdAt: "2026-01-05T08:00:00.000Z",
  firedAt: null,
  firedPrice: null,
};
const fired: Alert = {
  ...above,
  id: "a2",
  symbol: "BTCUSD",
  name: "Bitcoin",
  names: { ...names, en: "Bitcoin" },
  condition: "movePct",
  value: "5",
  referencePrice: "95000.00",
  state: "fired",
  firedAt: "2026-01-05T09:00:00.000Z",
  firedPrice: "99750.00",
};
const listOf = (items: Alert[]): AlertList => ({
  items,
  active: items.filter((a) => a.state === "active").length,
  maxActive: 50,
});

signedInTests();

const openBell = async () => {
  fireEvent.click(screen.getByRole("button", { name: "Price alert for Polkadot" }));
  return screen.findByRole("dialog", { name: "Price alert · Polkadot" });
};

describe("the price-alert bell", () => {
  it("sets an alert at the price shown: condition, value with its unit and what it will do", async () => {
    let items: Alert[] = [];
    serve({
      "alert/list": () => listOf(items),
      "alert/create": (body) => {
        items = [{ ...above, value: body.value === "10.5" ? "10.500" : body.value }];
        return items[0]!;
      },
    });
    renderAt(<AlertBell stock={stock} />);
    const sheet = await openBell();
    expect(within(sheet).getByRole("status", { name: "Price now" }).textContent).toBe("10.000 USD");
    const choices = within(sheet).getByRole("radiogroup", { name: "Alert me when" });
    expect(within(choices).getByRole("radio", { name: "Price above" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    await within(sheet).findByText("No active alerts on DOTUSD yet.");

    // Nothing typed: the form says what to enter, and sends nothing.
    fireEvent.click(within(sheet).getByRole("button", { name: "Set alert" }));
    expect(await within(sheet).findByText("Enter a value")).toBeTruthy();
    fireEvent.change(within(sheet).getByLabelText("Alert price (USD)"), { target: { value: "ten" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "Set alert" }));
    expect(await within(sheet).findByText("Enter a number, such as 10.5")).toBeTruthy();
    expect(calls("alert/create")).toHaveLength(0);

    fireEvent.change(within(sheet).getByLabelText("Alert price (USD)"), { target: { value: "10.5" } });
    expect(within(sheet).getByText("Fires once, when the price reaches 10.500 USD or more.")).toBeTruthy();
    fireEvent.click(within(sheet).getByRole("button", { name: "Set alert" }));
    await waitFor(() => expect(calls("alert/create")).toHaveLength(1));
    expect(calls("alert/create")[0]?.[1]).toEqual({
      symbol: "DOTUSD",
      exchange: "CRYPTO",
      condition: "above",
      value: "10.5",
    });
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith("Alert set"));
    const mine = await within(sheet).findByRole("list", { name: "Your alerts on DOTUSD" });
    expect(within(mine).getByText("Above 10.500 USD")).toBeTruthy();
    expect(within(mine).getByRole("button", { name: "Remove alert: DOTUSD Above 10.500 USD" })).toBeTruthy();
  });

  it("shows a move's two prices, and the server's refusal in the sheet", async () => {
    serve({
      "alert/list": listOf([]),
      "alert/create": () => {
        throw new ApiError("ALERT_MOVE_OUT_OF_RANGE", { lowest: "0.1", highest: "50" }, "");
      },
    });
    renderAt(<AlertBell stock={stock} />);
    const sheet = await openBell();
    fireEvent.click(within(sheet).getByRole("radio", { name: "Moves by %" }));
    const field = within(sheet).getByLabelText("Move (%)");
    expect(
      within(sheet).getByText("A move either way from the price now, 10.000 USD: from 0.1% to 50%."),
    ).toBeTruthy();
    fireEvent.change(field, { target: { value: "2.5" } });
    expect(
      within(sheet).getByText(
        "Fires once, when the price moves 2.5% either way from 10.000 (the price now): at 10.250 or more, or at 9.750 or less (USD).",
      ),
    ).toBeTruthy();
    fireEvent.change(field, { target: { value: "60" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "Set alert" }));
    expect((await within(sheet).findByRole("alert")).textContent).toBe(
      "Enter a move from 0.1% to 50%, with at most 2 decimals",
    );
  });

  it("lists every alert from the inbox entry, active and fired, each removable", async () => {
    let items = [above, fired];
    serve({
      "alert/list": () => listOf(items),
      "alert/remove": (body) => {
        items = items.filter((a) => a.id !== body.id);
        return null;
      },
    });
    renderAt(<AlertsEntry />);
    fireEvent.click(screen.getByRole("button", { name: "Price alerts" }));
    const sheet = await screen.findByRole("dialog", { name: "Price alerts" });
    const active = await within(sheet).findByRole("list", { name: "Active alerts" });
    expect(within(active).getByText("Above 10.500 USD")).toBeTruthy();
    const done = within(sheet).getByRole("list", { name: "Fired" });
    expect(within(done).getByText("Moves 5% from 95,000.00 USD")).toBeTruthy();
    expect(
      within(done).getByText(
        /^Fired \d{4}\.\d{2}\.\d{2} \d{2}:\d{2}:\d{2} (UTC|GMT[+-][\d:]+) at 99,750\.00$/,
      ),
    ).toBeTruthy();
    expect(within(sheet).getByText("Active (1 of 50)")).toBeTruthy();

    fireEvent.click(
      within(done).getByRole("button", { name: "Remove alert: BTCUSD Moves 5% from 95,000.00 USD" }),
    );
    await waitFor(() => expect(calls("alert/remove")[0]?.[1]).toEqual({ id: "a2" }));
    await waitFor(() => expect(within(sheet).queryByRole("list", { name: "Fired" })).toBeNull());
  });
});

describe("a move's prices", () => {
  it("are the server's: on the price grid, rounded away from the reference; none outside 0.1–50 %", () => {
    expect(moveBounds("10.000", "2.5", 3)).toEqual({ up: "10.25", down: "9.75" });
    // 0.3440889 and 0.3219111, on a grid of 0.001: 0.345 up, 0.321 down.
    expect(moveBounds("0.333", "3.33", 3)).toEqual({ up: "0.345", down: "0.321" });
    expect(moveBounds("0.333", "3.33", 10)).toEqual({ up: "0.3440889", down: "0.3219111" });
    expect(moveBounds("10", "0.05", 2)).toBeUndefined();
    expect(moveBounds("10", "51", 2)).toBeUndefined();
    expect(moveBounds("10", "1.234", 2)).toBeUndefined();
    expect(moveBounds("10", "", 2)).toBeUndefined();
  });
});
