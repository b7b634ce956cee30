import { SETTING_DEFAULTS, type ConfigItem, type ReviewItem } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { asStaff, defaultConfigItems, isolateTests, meOf, ok, pendingReviewOf } from "../test/harness";

isolateTests();

const KEY = "adjustment.fourEyesAbove";
const ASKED = { USD: "5000", THB: "30000", INR: "80000" };
const REVIEW_ID = "88888888-8888-4888-8888-888888888888";
const OTHER_ADMIN = "99999999-9999-4999-8999-999999999999";

/** The list with one control setting's change waiting, asked for by `requestedById`. */
function withPending(requestedById: string): ConfigItem[] {
  return defaultConfigItems().map((item) =>
    item.key === KEY
      ? {
          ...item,
          pendingChange: {
            id: "55555555-5555-4555-8555-555555555555",
            reviewId: REVIEW_ID,
            before: SETTING_DEFAULTS[KEY],
            value: ASKED,
            reset: false,
            reason: "Month-end compensation run",
            requestedBy: "admin_one",
            requestedById,
            requestedAt: "2026-11-23T08:00:00.000Z",
          },
        }
      : item,
  );
}

const openEditor = async (label: string) => {
  fireEvent.click(await screen.findByRole("button", { name: `Edit ${label}` }));
  return screen.findByRole("dialog");
};

describe("control settings in the back office", { timeout: 30_000 }, () => {
  it("shows a pending change on the list and lets a second administrator approve it", async () => {
    let decided = false;
    const calls = asStaff("administrator", "/config", {
      "config/list": () => ok({ items: decided ? defaultConfigItems() : withPending(OTHER_ADMIN) }),
      "reviews/decide": () => {
        decided = true;
        return ok({ ...pendingReviewOf("settingChange", {}), id: REVIEW_ID, state: "approved" });
      },
    });
    const row = await screen.findByRole("article", { name: "Adjustment four-eyes threshold" });
    expect(within(row).getByText("Two administrators")).toBeTruthy();
    expect(within(row).getByText("Waiting for approval")).toBeTruthy();
    expect(within(row).getByText(/asked by admin_one/)).toBeTruthy();

    const drawer = await openEditor("Adjustment four-eyes threshold");
    expect(within(drawer).getByText(/waits for a second administrator's approval/)).toBeTruthy();
    const pending = within(drawer).getByRole("region", { name: "Change waiting for a second administrator" });
    expect(within(pending).getByText("Month-end compensation run")).toBeTruthy();
    expect(within(pending).getByText(/5,000/)).toBeTruthy();
    // While a change waits, another cannot be asked for.
    expect((within(drawer).getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(pending).getByRole("button", { name: /Approve/ }));
    const modal = (await screen.findByText("Approve the request of Platform setting")).closest(
      ".ant-modal",
    ) as HTMLElement;
    expect(within(modal).getByText(/puts the new value in use at once/)).toBeTruthy();
    fireEvent.click(within(modal).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(calls.some((c) => c.path === "reviews/decide")).toBe(true));
    expect(calls.find((c) => c.path === "reviews/decide")?.body).toEqual({
      kind: "settingChange",
      id: REVIEW_ID,
      decision: "approve",
      reason: "",
    });
    await waitFor(() => expect(within(drawer).queryByRole("region")).toBeNull());
  });

  it("tells the requester that another administrator decides", async () => {
    asStaff("administrator", "/config", {
      "config/list": () => ok({ items: withPending(meOf("administrator").id) }),
    });
    const drawer = await openEditor("Adjustment four-eyes threshold");
    expect(
      within(drawer).getByText("You asked for this change: another administrator approves or rejects it."),
    ).toBeTruthy();
    expect(within(drawer).queryByRole("button", { name: /Approve/ })).toBeNull();
  });

  it("says that a saved control setting's change waits for a second administrator", async () => {
    const items = defaultConfigItems();
    const calls = asStaff("administrator", "/config", {
      "config/list": () => ok({ items }),
      "config/set": () => ok(withPending(meOf("administrator").id).find((i) => i.key === KEY)),
    });
    const drawer = await openEditor("Minimum credit score to withdraw");
    fireEvent.change(within(drawer).getByLabelText("Reason for the change"), {
      target: { value: "Stricter" },
    });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((c) => c.path === "config/set")).toBe(true));
    expect(
      await screen.findByText(
        "Minimum credit score to withdraw: the change waits for a second administrator",
      ),
    ).toBeTruthy();
  });

  it("keeps an operator from asking for a control setting's change, but not a market's fees", async () => {
    asStaff("operator", "/config", { "config/list": () => ok({ items: defaultConfigItems() }) });
    const drawer = await openEditor("Adjustment four-eyes threshold");
    expect(
      within(drawer).getByText(/Only an administrator can ask for a change of this setting/),
    ).toBeTruthy();
    expect((within(drawer).getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("a setting change in the review queue", { timeout: 30_000 }, () => {
  it("shows the key, the old and new value and the requester, about no user", async () => {
    const item: ReviewItem = {
      ...pendingReviewOf("settingChange", {
        settingKey: KEY,
        settingBefore: JSON.stringify(SETTING_DEFAULTS[KEY]),
        settingAfter: JSON.stringify(ASKED),
        settingReset: "no",
        settingReason: "Month-end compensation run",
        requestedBy: "admin_one",
        requestedById: meOf("administrator").id,
        changeId: "55555555-5555-4555-8555-555555555555",
      }),
      userId: null,
      account: null,
    };
    asStaff("administrator", "/reviews", {
      "reviews/summary": () => ok({ kinds: [{ kind: "settingChange", pending: 1 }] }),
      "reviews/list": () => ok({ items: [item], nextCursor: null }),
    });
    const row = (await screen.findByText("Platform setting")).closest("tr") as HTMLElement;
    expect(
      within(row).getByText("Adjustment four-eyes threshold (adjustment.fourEyesAbove) · admin_one"),
    ).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Open the request of Platform setting" }));
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).getByText("Setting changes · Platform setting")).toBeTruthy();
    expect(within(drawer).getByText(/"USD": "5000"/)).toBeTruthy();
    expect(within(drawer).getByText(/"USD": "1000"/)).toBeTruthy();
    expect(within(drawer).getByText("Month-end compensation run")).toBeTruthy();
    // The requester is the first pair of eyes: another administrator approves.
    expect((within(drawer).getByRole("button", { name: /Approve/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
