import { SETTING_DEFAULTS } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { asStaff, defaultConfigItems, isolateTests, ok } from "../test/harness";

const items = defaultConfigItems();

isolateTests();

describe("configuration", { timeout: 30_000 }, () => {
  it("lists every key with a label and edits one with checks before it is sent", async () => {
    // Limits are a control setting: an administrator asks for their change (controls.test.tsx).
    const calls = asStaff("administrator", "/config", {
      "config/list": () => ok({ items }),
      "config/set": (body) => ok({ ...items[2], value: body.value, overridden: true }),
    });
    expect(await screen.findByText("Withdrawal hours")).toBeTruthy();
    // On a fresh install every key has its default: its value once, no "Default:" line beside it.
    expect(screen.getAllByText("Mon, Tue, Wed, Thu, Fri, 09:30 to 24:00 (Asia/Kolkata)")).toHaveLength(1);
    expect(screen.getByText("Adjustment four-eyes threshold")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Edit Withdrawal limits" }));
    const drawer = await screen.findByRole("dialog");
    const maxima = within(drawer).getAllByLabelText("Maximum");
    fireEvent.change(maxima[0] as HTMLElement, { target: { value: "50" } });
    fireEvent.change(within(drawer).getByLabelText("Reason for the change"), {
      target: { value: "Lower cap" },
    });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await within(drawer).findByText("The maximum must not be below the minimum")).toBeTruthy();
    expect(calls.some((c) => c.path === "config/set")).toBe(false);

    fireEvent.change(maxima[0] as HTMLElement, { target: { value: "20000" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((c) => c.path === "config/set")).toBe(true));
    expect(calls.find((c) => c.path === "config/set")?.body).toEqual({
      key: "withdrawal.limits",
      value: { ...SETTING_DEFAULTS["withdrawal.limits"], USD: { min: "100", max: "20000" } },
      reason: "Lower cap",
    });
  });

  it("is not offered to a role without config.manage", async () => {
    asStaff("support", "/config");
    expect(await screen.findByText("Not available to your role")).toBeTruthy();
  });
});
