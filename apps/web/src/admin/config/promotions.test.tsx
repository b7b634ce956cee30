import { SETTING_DEFAULTS, type ConfigItem } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { asStaff, defaultConfigItems, isolateTests, ok } from "../test/harness";

isolateTests();

const items = defaultConfigItems();

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
  fireEvent.change(within(drawer).getByLabelText("Reason for the change"), {
    target: { value: "Promotion" },
  });
  return drawer;
}

const save = (drawer: HTMLElement) => fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
const sent = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === "config/set");

describe("the check-in and seat section", { timeout: 40_000 }, () => {
  it("shows the rewards and the seat's terms in words", async () => {
    openPage();
    const section = await screen.findByRole("region", { name: "Check-in & seat" }, { timeout: 20_000 });
    expect(
      within(section).getByText("USD 0.10 a check-in · 7 check-ins: USD 1.00 · 30 check-ins: USD 5.00"),
    ).toBeTruthy();
    expect(within(section).getByText("No grant named: seats are not offered")).toBeTruthy();
  });

  it("edits the check-in rewards as fields and rows", async () => {
    const calls = openPage();
    const drawer = await edit("Daily check-in rewards");
    expect(within(drawer).queryByLabelText("Value (JSON)")).toBeNull();
    fireEvent.change(within(drawer).getByLabelText("Amount per check-in"), { target: { value: "0" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Add a reward" }));
    const ids = within(drawer).getAllByLabelText("Reward id");
    fireEvent.change(ids[2] as HTMLElement, { target: { value: "year" } });
    fireEvent.change(within(drawer).getAllByLabelText("Check-ins")[2] as HTMLElement, {
      target: { value: "365" },
    });
    fireEvent.change(within(drawer).getAllByLabelText("Amount")[2] as HTMLElement, {
      target: { value: "20" },
    });
    save(drawer);
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    const defaults = SETTING_DEFAULTS["checkin.rewards"];
    expect(sent(calls)[0]?.body).toEqual({
      key: "checkin.rewards",
      value: {
        currency: "USD",
        perCheckIn: "0",
        rewards: [...defaults.rewards, { id: "year", checkIns: 365, amount: "20" }],
      },
      reason: "Promotion",
    });
  });

  it("edits what a seat grants, one line in each language", async () => {
    const calls = openPage();
    const drawer = await edit("Seat account terms");
    fireEvent.click(within(drawer).getByRole("button", { name: "Add a grant" }));
    const line = within(drawer).getByText("Grant 1").closest(".ant-card") as HTMLElement;
    const texts = {
      English: "A desk",
      繁體中文: "專屬櫃檯",
      简体中文: "专属柜台",
      한국어: "전용 데스크",
      हिन्दी: "समर्पित डेस्क",
    };
    for (const [language, text] of Object.entries(texts))
      fireEvent.change(within(line).getByLabelText(language), { target: { value: text } });
    fireEvent.click(within(drawer).getByLabelText("Real-name verification before applying"));
    save(drawer);
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]?.body).toMatchObject({
      key: "seat.terms",
      value: {
        requireKyc: false,
        grants: [{ en: "A desk", zh: "專屬櫃檯", cn: "专属柜台", ko: "전용 데스크", yd: "समर्पित डेस्क" }],
      },
    });
  });
});
