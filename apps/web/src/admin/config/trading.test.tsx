import { SETTING_DEFAULTS } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { asStaff, defaultConfigItems, fail, isolateTests, ok, type Handler } from "../test/harness";
import { tradingFieldOf, tradingProblems } from "./trading";

const items = defaultConfigItems();
/** Korea's securities transaction tax as the defaults list it. */
const stt = { id: "stt", kind: "transactionTax", basis: { kind: "value", rate: "0.002" }, side: "sell" };

isolateTests();

async function editKorea(set: Handler<"config/set">) {
  const calls = asStaff("operator", "/config", {
    "config/list": () => ok({ items }),
    "config/set": set,
  });
  expect(await screen.findByText("Trading rules: Korea", {}, { timeout: 20_000 })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Edit Trading rules: Korea" }));
  return { calls, drawer: await screen.findByRole("dialog") };
}

const field = (drawer: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(drawer).getByLabelText(label), { target: { value } });

describe("trading rules in the configuration", { timeout: 30_000 }, () => {
  it("are summed up on one line per market", async () => {
    asStaff("operator", "/config", { "config/list": () => ok({ items }) });
    expect(
      await screen.findAllByText(
        "Leverage share 5× · fee 0.03% (at least 100 KRW) · charges stt · lock T+2 · auto-close at 50% loss · band ±30%",
        {},
        { timeout: 20_000 },
      ),
    ).toHaveLength(1);
    expect(screen.getAllByText(/charges clearingFee, stampDuty/)).toHaveLength(1);
    // Every class its own cap: forex majors and the other pairs.
    expect(screen.getAllByText(/^Leverage fxMajor 30×, fxOther 20× · fee 0\.01% /)).toHaveLength(1);
  });

  it("are edited field by field, checked before they are sent, and sent as the structured value", async () => {
    const { calls, drawer } = await editKorea((body) =>
      ok({ ...items.find((i) => i.key === "trading.KR"), value: body.value, overridden: true }),
    );
    expect((within(drawer).getByLabelText("Leverage caps by class") as HTMLInputElement).value).toBe(
      "share 5",
    );
    expect((within(drawer).getByLabelText("Minimum fee (each side)") as HTMLInputElement).value).toBe("100");

    field(drawer, "Minimum fee (each side)", "0.5");
    field(drawer, "Fee rate (each side)", "1");
    field(drawer, "Leverage caps by class", "share 2000");
    expect(within(drawer).queryByRole("textbox", { name: /JSON/ })).toBeNull();
    expect((within(drawer).getByLabelText("Rate") as HTMLInputElement).value).toBe("0.002");
    field(drawer, "Name", "");
    field(drawer, "Reason for the change", "Fee review");
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(
      await within(drawer).findByText(
        "Enter an amount of 0 or more, with no more decimals than this currency has",
      ),
    ).toBeTruthy();
    expect(
      within(drawer).getByText("Enter a fraction of at least 0 and below 1, such as 0.0003"),
    ).toBeTruthy();
    expect(
      within(drawer).getByText('Enter classes with whole-number caps from 1 to 1000, such as "share 5"'),
    ).toBeTruthy();
    expect(within(drawer).getByText(/^Check this charge: a new name/)).toBeTruthy();
    expect(calls.some((c) => c.path === "config/set")).toBe(false);

    field(drawer, "Minimum fee (each side)", "150");
    field(drawer, "Fee rate (each side)", "0.0005");
    field(drawer, "Leverage caps by class", "share 3");
    field(drawer, "Name", "stt");
    field(drawer, "Maximum", "5000");
    fireEvent.click(within(drawer).getByRole("radio", { name: "Minutes" }));
    field(drawer, "Lock length", "30");
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((c) => c.path === "config/set")).toBe(true));
    expect(calls.find((c) => c.path === "config/set")?.body).toEqual({
      key: "trading.KR",
      value: {
        leverageCaps: { share: 3 },
        feeRate: "0.0005",
        minFee: "150",
        charges: [{ ...stt, max: "5000" }],
        lock: { kind: "minutes", n: 30 },
        liquidationShare: "0.5",
        marginCallLevels: ["0.8", "0.65"],
        priceBand: "0.30",
      },
      reason: "Fee review",
    });
  });

  it("puts the server's refusal under the field it names", async () => {
    const { drawer } = await editKorea(() => fail("INVALID_INPUT", { field: "value.priceBand" }));
    field(drawer, "Reason for the change", "Band review");
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    const band = within(drawer).getByLabelText("Price band of limit orders").closest(".ant-form-item");
    expect(await within(band as HTMLElement).findByText("This value is not valid here")).toBeTruthy();
  });

  it("word what the core's check refuses for the field it names", () => {
    const korea = SETTING_DEFAULTS["trading.KR"];
    expect(tradingProblems("trading.KR", { ...korea, minFee: "0.5" })).toEqual([
      { path: ["minFee"], message: "trading.amount" },
    ]);
    expect(tradingProblems("trading.KR", { ...korea, lock: { kind: "minutes", n: -1 } })).toEqual([
      { path: ["lock", "n"], message: "trading.lockN" },
    ]);
    expect(tradingProblems("trading.US", { ...korea, minFee: "0.5" })).toEqual([]);
    // A charge's problem goes under its row's input, whether the path names the row by number or digits.
    const badRate = { ...korea, charges: [{ ...stt, basis: { kind: "value", rate: "1.5" } }] };
    const [found] = tradingProblems("trading.KR", badRate);
    expect(found && tradingFieldOf(found.path)).toEqual(["trading", "charges", 0, "rate"]);
    expect(tradingFieldOf(["charges", "0", "id"])).toEqual(["trading", "charges", 0, "id"]);
  });
});
