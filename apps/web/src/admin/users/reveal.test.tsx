import type { AdminRole, UserDetail } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  asStaff,
  fail,
  isolateTests,
  ok,
  openReview,
  pendingReviewOf,
  userDetailOf,
  type Handler,
} from "../test/harness";

const USER = "33333333-3333-4333-8333-333333333333";
const SUBMISSION = "44444444-4444-4444-8444-444444444444";
const CARD = "55555555-5555-4555-8555-555555555555";
const at = "2026-11-01T09:00:00.000Z";

/** A verified user with a KYC submission and one bound card, both masked as the server sends them. */
function detail(): UserDetail {
  const base = userDetailOf(USER);
  return {
    ...base,
    kyc: {
      status: "verified",
      latest: {
        id: SUBMISSION,
        realName: "Asha Kumar",
        idNumberMasked: "ABCDE1***F",
        state: "verified",
        reason: null,
        createdAt: at,
        decidedAt: at,
      },
      submissions: 1,
    },
    cards: [
      {
        id: CARD,
        holderName: "Asha Kumar",
        cardNumberMasked: "6222********0123",
        bankName: "State Bank of India",
        branchName: "Mumbai Main Branch",
        country: "IN",
        ifsc: "SBIN0000300",
        swift: null,
        createdAt: at,
        removedAt: null,
      },
    ],
  };
}

function showUser(role: AdminRole, reveal: Handler) {
  return asStaff(role, `/users/${USER}`, {
    "users/detail": () => ok(detail()),
    "users/ledger": () =>
      ok({ wallets: [], items: [], nextCursor: null, adjustments: [], adjustFourEyesAbove: {} }),
    "users/orders": () => ok({ items: [], nextCursor: null }),
    "users/reveal": reveal,
  });
}

/** The reason modal the button named `name` opens. */
async function askReveal(name: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole("button", { name }, { timeout: 20_000 }));
  const title = await screen.findByText(name, { selector: ".ant-modal-title" });
  return title.closest(".ant-modal") as HTMLElement;
}

isolateTests();

describe("revealing a masked number", { timeout: 30_000 }, () => {
  it("shows the ID number in full only after a reason, and hides it again", async () => {
    const calls = showUser("reviewer", () => ok({ field: "idNumber", value: "ABCDE1234F" }));
    expect(await screen.findByText("ABCDE1***F", {}, { timeout: 20_000 })).toBeTruthy();
    const modal = await askReveal("Reveal the full ID number");
    fireEvent.click(within(modal).getByRole("button", { name: "Reveal" }));
    expect(await within(modal).findByText("Please give a reason")).toBeTruthy();
    expect(calls.some((c) => c.path === "users/reveal")).toBe(false);

    fireEvent.change(within(modal).getByLabelText("Why do you need the full number?"), {
      target: { value: "Checking against the bank's letter" },
    });
    fireEvent.click(within(modal).getByRole("button", { name: "Reveal" }));
    expect(await screen.findByText("ABCDE1234F")).toBeTruthy();
    expect(calls.find((c) => c.path === "users/reveal")?.body).toEqual({
      userId: USER,
      field: "idNumber",
      submissionId: SUBMISSION,
      reason: "Checking against the bank's letter",
    });
    fireEvent.click(screen.getByRole("button", { name: "Hide" }));
    expect(await screen.findByText("ABCDE1***F")).toBeTruthy();
    expect(screen.queryByText("ABCDE1234F")).toBeNull();
  });

  it("reveals a card by its id, and shows a refusal in the modal", async () => {
    let refuse = true;
    const calls = showUser("administrator", () =>
      refuse ? fail("FORBIDDEN") : ok({ field: "cardNumber", value: "6222021234560123" }),
    );
    fireEvent.click(await screen.findByRole("tab", { name: "Bank cards" }, { timeout: 20_000 }));
    const modal = await askReveal("Reveal the full card number 6222********0123");
    fireEvent.change(within(modal).getByLabelText("Why do you need the full number?"), {
      target: { value: "Payout bounced" },
    });
    fireEvent.click(within(modal).getByRole("button", { name: "Reveal" }));
    expect(await within(modal).findByRole("alert")).toBeTruthy();
    refuse = false;
    fireEvent.click(within(modal).getByRole("button", { name: "Reveal" }));
    expect(await screen.findByText("6222021234560123")).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "users/reveal").at(-1)?.body).toEqual({
        userId: USER,
        field: "cardNumber",
        cardId: CARD,
        reason: "Payout bounced",
      }),
    );
  });

  it("offers no reveal to a role without users.reveal", async () => {
    showUser("support", () => ok({}));
    expect(await screen.findByText("ABCDE1***F", {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reveal the full ID number" })).toBeNull();
  });

  it("reveals a withdrawal's card from the review queue", async () => {
    const item = pendingReviewOf("withdrawal", {
      withdrawalId: "88888888-8888-4888-8888-888888888888",
      amount: "200.00",
      currency: "USD",
      cardNumber: "6222********0123",
      cardId: CARD,
      cardHolder: "Priya Sharma",
    });
    const { drawer, calls } = await openReview(item, /Withdrawal/, {
      "users/reveal": () => ok({ field: "cardNumber", value: "6222021234560123" }),
    });
    expect(within(drawer).queryByText(CARD)).toBeNull();
    const modal = await askReveal("Reveal the full card number 6222********0123");
    fireEvent.change(within(modal).getByLabelText("Why do you need the full number?"), {
      target: { value: "Name differs from the card" },
    });
    fireEvent.click(within(modal).getByRole("button", { name: "Reveal" }));
    expect(await within(drawer).findByText("6222021234560123")).toBeTruthy();
    expect(calls.find((c) => c.path === "users/reveal")?.body).toMatchObject({
      userId: item.userId,
      cardId: CARD,
    });
  });
});
