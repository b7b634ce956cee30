import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { IpoSubscription } from "@brokerage/api";
import { applicationLeaf, applicationText, merkleProof, merkleRoot } from "@brokerage/core";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { calls, renderRoute, serve, signedInTests } from "../../test/api";
import { pagingInView } from "../../test/paging";
import { ApiError } from "../../lib/apiError";
import { formatDateTime } from "../../lib/format";
import { showSuccess } from "../../lib/toast";
import { POSITION_DETAIL_KEY } from "../trade";
import NewShareOrderScreen from "./screens/NewShareOrderScreen";
import { OFFERING_ID, ORDER_ID, SUBSCRIPTION_ID, detailOf, subscriptionOf, wonOf } from "./testData";

signedInTests();

const at = (iso: string) => formatDateTime(new Date(iso));
const termOf = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
const idOf = (n: number) => `${n}e3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a`;

/** One subscription in each of the seven states, newest first. */
const everyState: IpoSubscription[] = [
  subscriptionOf(),
  wonOf({ id: idOf(1), subscriptionNo: "S0000000041" }),
  subscriptionOf({
    id: idOf(2),
    state: "notWon",
    held: "0.00",
    released: "2410000.00",
    drawnAt: "2026-03-06T10:00:05.000Z",
    drawKey: "ff".repeat(32),
  }),
  wonOf({ id: idOf(3), state: "paid", paidAt: "2026-03-07T09:00:00.000Z" }),
  wonOf({
    id: idOf(4),
    state: "listed",
    paidAt: "2026-03-07T09:00:00.000Z",
    listedAt: "2026-03-12T04:00:00.000Z",
    orderId: ORDER_ID,
    held: "0.00",
  }),
  wonOf({ id: idOf(5), state: "waived" }),
  subscriptionOf({ id: idOf(6), state: "failed" }),
];

describe("/home/newShareOrder", () => {
  pagingInView();

  it("lists the subscriptions with each state, their figures, dates and draw keys, page by page", async () => {
    serve({
      "ipo/mine": (body?: object) =>
        (body as { cursor?: string }).cursor === "c2"
          ? { items: everyState.slice(4), nextCursor: null }
          : { items: everyState.slice(0, 4), nextCursor: "c2" },
    });
    renderRoute(<NewShareOrderScreen />, "/home/newShareOrder");
    const list = await screen.findByRole("list", { name: "My subscriptions" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(7));
    expect(calls("ipo/mine").map(([, body]) => body)).toEqual([{}, { cursor: "c2" }]);
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => row.querySelector(".ipo-chip")?.textContent)).toEqual([
      "Awaiting draw",
      "Won, awaiting payment",
      "Not won",
      "Paid, awaiting listing",
      "Listed",
      "Waived",
      "Subscription failed",
    ]);
    const [applied, won, notWon, paid] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(applied.textContent).toContain("No. S0000000042");
    expect(applied.textContent).toContain("Shares 20,000");
    expect(applied.textContent).toContain("Allotted —");
    expect(applied.textContent).toContain("Amount 2,410,000.00 INR");
    // The subscription's amount is held from the balance; a loss releases it.
    expect(applied.textContent).toContain("Held 2,410,000.00 INR");
    expect(applied.textContent).not.toContain("Released");
    expect(applied.textContent).toContain(`Subscribed ${at(subscriptionOf().createdAt)}`);
    expect(applied.textContent).toContain(`Draw date ${at(subscriptionOf().drawAt)}`);
    expect(applied.textContent).not.toContain("Draw key");
    // Won: the due date and the two actions.
    expect(won.textContent).toContain("Allotted 20,000");
    expect(
      within(won).getByText(`Pay by ${at(wonOf().paymentDueAt)} or the allotment is waived`),
    ).toBeTruthy();
    expect(within(won).getByRole("button", { name: "Pay for Newco Energy" })).toBeTruthy();
    expect(within(won).getByRole("button", { name: "Waive Newco Energy" })).toBeTruthy();
    expect(within(won).getByText(wonOf().drawKey!)).toBeTruthy();
    expect(notWon.textContent).toContain("Allotted 0");
    expect(notWon.textContent).toContain("Released 2,410,000.00 INR");
    expect(notWon.textContent).not.toContain("Held");
    expect(within(notWon).getByText("ff".repeat(32))).toBeTruthy();
    expect(paid.textContent).toContain(`Paid ${at("2026-03-07T09:00:00.000Z")}`);
    expect(paid.textContent).toContain(`Listing date ${at(wonOf().listingAt)}`);
    // Only a won allotment can be paid or waived.
    expect(within(list).getAllByRole("button", { name: /^Pay for / })).toHaveLength(1);
    expect(await screen.findByText("No more")).toBeTruthy();

    // A listed subscription opens its position.
    fireEvent.click(within(list).getByRole("button", { name: "Position of Newco Energy (NEWCO)" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/trade/positionDetail"));
    expect(localStorage.getItem(POSITION_DETAIL_KEY)).toBe(ORDER_ID);
  });

  it("pays a won allotment after a confirmation showing the amount and the amount held to pay it", async () => {
    let state: IpoSubscription = wonOf();
    serve({
      "ipo/mine": () => ({ items: [state], nextCursor: null }),
      "ipo/offering": detailOf({ status: "drawn", available: "3000000.00" }),
      "ipo/pay": () => {
        state = wonOf({ state: "paid", paidAt: "2026-03-07T09:00:00.000Z" });
        return state;
      },
    });
    renderRoute(<NewShareOrderScreen />, "/home/newShareOrder");
    fireEvent.click(await screen.findByRole("button", { name: "Pay for Newco Energy" }));
    const sheet = await screen.findByRole("dialog", { name: "Pay for your allotment" });
    expect(termOf(sheet, "Amount")).toBe("2,410,000.00 INR");
    // Paid from the block, not from the available balance: nothing else to read.
    expect(termOf(sheet, "Held for this subscription")).toBe("2,410,000.00 INR");
    expect(within(sheet).queryByText("Available")).toBeNull();
    expect(calls("ipo/offering")).toHaveLength(0);
    expect(sheet.textContent).toContain(
      `20,000 shares of Newco Energy allotted; pay before ${at(wonOf().paymentDueAt)}`,
    );
    expect(calls("ipo/pay")).toHaveLength(0);

    fireEvent.click(within(sheet).getByRole("button", { name: "Pay now" }));
    await waitFor(() => expect(calls("ipo/pay")).toHaveLength(1));
    const [, sent] = calls("ipo/pay")[0]!;
    expect(sent).toMatchObject({ subscriptionId: SUBSCRIPTION_ID });
    expect((sent as { idempotencyKey: string }).idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(vi.mocked(showSuccess)).toHaveBeenCalledWith("Paid: awaiting listing");
    // The list is read again: the subscription is now paid.
    expect(await screen.findByText("Paid, awaiting listing")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Pay for Newco Energy" })).toBeNull();
  });

  it("shows a refused payment in the sheet, translated", async () => {
    serve({
      "ipo/mine": { items: [wonOf()], nextCursor: null },
      "ipo/pay": () => {
        throw new ApiError("SUBSCRIPTION_CHANNEL_CLOSED", {}, "");
      },
    });
    renderRoute(<NewShareOrderScreen />, "/home/newShareOrder");
    fireEvent.click(await screen.findByRole("button", { name: "Pay for Newco Energy" }));
    const sheet = await screen.findByRole("dialog", { name: "Pay for your allotment" });
    fireEvent.click(within(sheet).getByRole("button", { name: "Pay now" }));
    expect((await within(sheet).findByRole("alert")).textContent).toBe(
      "The subscription channel is not open",
    );
  });

  it("waives a won allotment after an irreversible confirmation", async () => {
    let state: IpoSubscription = wonOf();
    serve({
      "ipo/mine": () => ({ items: [state], nextCursor: null }),
      "ipo/waive": () => {
        state = wonOf({ state: "waived" });
        return state;
      },
    });
    renderRoute(<NewShareOrderScreen />, "/home/newShareOrder");
    fireEvent.click(await screen.findByRole("button", { name: "Waive Newco Energy" }));
    const sheet = await screen.findByRole("alertdialog", { name: "Waive this allotment?" });
    expect(
      within(sheet).getByText(
        "Give up the 20,000 shares of Newco Energy you won? The amount held for it is released. This " +
          "cannot be undone.",
      ),
    ).toBeTruthy();
    // Keeping it changes nothing.
    fireEvent.click(within(sheet).getByRole("button", { name: "Keep" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls("ipo/waive")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Waive Newco Energy" }));
    const again = await screen.findByRole("alertdialog", { name: "Waive this allotment?" });
    fireEvent.click(within(again).getByRole("button", { name: "Waive allotment" }));
    await waitFor(() => expect(calls("ipo/waive")).toHaveLength(1));
    expect(calls("ipo/waive")[0]?.[1]).toMatchObject({ subscriptionId: SUBSCRIPTION_ID });
    expect(await screen.findByText("Waived")).toBeTruthy();
    expect(calls("ipo/offering")).toHaveLength(0);
  });

  it("shows the user's inclusion proof and checks it on the phone, or says the root comes at the close", async () => {
    const mine = {
      id: SUBSCRIPTION_ID,
      applicant: "aa".repeat(32),
      quantity: 20_000n,
      appliedAt: "2026-03-03T05:00:00.000Z",
    };
    const others = [1, 2, 3, 4].map((n) => ({ ...mine, id: idOf(n), applicant: String(n).repeat(64) }));
    const leaves = [mine, ...others].map(applicationLeaf);
    const leaf = applicationLeaf(mine);
    const root = merkleRoot(leaves);
    const proof = {
      offeringId: OFFERING_ID,
      application: { ...mine, quantity: "20000" },
      text: applicationText(mine),
      leaf,
      path: merkleProof(leaves, leaf) ?? [],
      root,
      rootPublishedAt: "2026-03-05T10:00:30.000Z",
      applications: 5,
    };
    serve({
      "ipo/mine": {
        items: [subscriptionOf(), subscriptionOf({ id: idOf(9), subscriptionNo: "S0000000043" })],
        nextCursor: null,
      },
      "ipo/proof": (body?: object) => {
        if ((body as { subscriptionId: string }).subscriptionId !== SUBSCRIPTION_ID)
          throw new ApiError("NOT_YET_OPEN", {}, "");
        return proof;
      },
    });
    renderRoute(<NewShareOrderScreen />, "/home/newShareOrder");
    fireEvent.click(
      await screen.findByRole("button", { name: "Inclusion proof of subscription S0000000042" }),
    );
    const shown = await screen.findByRole("region", { name: "Inclusion proof" });
    expect(within(shown).getByRole("status").textContent).toBe(
      "Checked on this phone: your application is in the published root.",
    );
    expect(within(shown).getByText(leaf)).toBeTruthy();
    expect(within(shown).getByText(root)).toBeTruthy();
    expect(within(shown).getByText(`Path (${proof.path.length} steps)`)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Inclusion proof of subscription S0000000043" }));
    expect(await screen.findByText("The root of all applications is published at the close.")).toBeTruthy();
  });

  it("shows the empty state with the way to the offerings", async () => {
    serve({ "ipo/mine": { items: [], nextCursor: null } });
    renderRoute(<NewShareOrderScreen />, "/home/newShareOrder");
    expect(await screen.findByText("You have not subscribed to new shares yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See the new shares" }).getAttribute("href")).toBe(
      "/home/newStock",
    );
  });
});
