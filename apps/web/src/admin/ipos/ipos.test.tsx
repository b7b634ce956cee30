import { createHash } from "node:crypto";
import type { AdminIpoOffering, AdminIpoSubscriptionPage } from "@brokerage/api";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  asStaff,
  calledPath,
  expectRefusedToReviewer,
  fail,
  isolateTests,
  ok,
  openDialog,
  sentTo,
  type Call,
} from "../test/harness";
import { DRAW_TERMS } from "../../features/ipo/testData";
import { formatDateTime } from "../lib/format";
import { toLocalInput } from "./form";

const noCounts = {
  applied: 0,
  notWon: 0,
  awaitingPayment: 0,
  paid: 0,
  listed: 0,
  waived: 0,
  failed: 0,
};

const upcoming: AdminIpoOffering = {
  id: "a1111111-1111-4111-8111-111111111111",
  symbol: "ACME",
  exchange: "NSE",
  name: "Acme Robotics",
  market: "IN",
  currency: "INR",
  price: "245.50",
  provisionalPrice: null,
  priceFinalAt: null,
  priceProvisional: false,
  totalShares: "1000000",
  subscribedShares: "0",
  minQuantity: "10000",
  maxQuantity: "50000",
  minInvestment: "2455000.00",
  subscriptionLimit: 1,
  leadBroker: "Kotak Mahindra Capital",
  opensAt: "2026-11-24T03:30:00.000Z",
  closesAt: "2026-11-27T10:00:00.000Z",
  drawAt: "2026-11-28T06:00:00.000Z",
  paymentDueAt: "2026-11-30T10:00:00.000Z",
  listingAt: "2026-12-02T03:30:00.000Z",
  status: "upcoming",
  winRate: null,
  seedHash: "9f".repeat(32),
  seed: null,
  ...DRAW_TERMS,
  createdBy: "operator1",
  createdAt: "2026-11-20T08:00:00.000Z",
  updatedAt: "2026-11-20T08:00:00.000Z",
  subscriptionCount: 0,
  counts: noCounts,
  drawnAt: null,
  listedAt: null,
  cancelledAt: null,
  finalPrice: null,
  priceFixedAt: null,
};
const closed: AdminIpoOffering = {
  ...upcoming,
  id: "b2222222-2222-4222-8222-222222222222",
  symbol: "ZEN",
  name: "Zen Foods",
  maxQuantity: null,
  subscriptionLimit: 3,
  status: "closed",
  subscriptionCount: 3,
  subscribedShares: "60000",
  counts: { ...noCounts, applied: 3 },
};
const seed = "ab".repeat(32);
const drawn: AdminIpoOffering = {
  ...closed,
  id: "c3333333-3333-4333-8333-333333333333",
  symbol: "ORBIT",
  name: "Orbit Space",
  status: "drawn",
  winRate: "66.67",
  seed,
  seedHash: createHash("sha256").update(seed).digest("hex"),
  drawnAt: "2026-11-28T06:00:05.000Z",
  counts: { ...noCounts, notWon: 1, awaitingPayment: 1, paid: 1 },
};
const listed: AdminIpoOffering = {
  ...drawn,
  id: "d4444444-4444-4444-8444-444444444444",
  symbol: "LUMA",
  name: "Luma Health",
  status: "listed",
  counts: { ...noCounts, notWon: 1, listed: 1, waived: 1 },
};

const page = (...items: AdminIpoOffering[]) => ok({ items, nextCursor: null });

/** A button of a row, found by its accessible name. */
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

async function loaded(text: string): Promise<HTMLElement> {
  return (await screen.findByText(text, {}, { timeout: 15_000 })).closest("tr") as HTMLElement;
}

const offeringCalls = (calls: Call[]) => calls.filter((c) => c.path === "ipos/offerings").length;

isolateTests();

/** An upcoming offering at a provisional 245.50, dated from the next full hour: final in two days. */
function provisionalOffering(): { finalAt: string; offering: AdminIpoOffering } {
  const hour = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  const day = (n: number) => new Date(hour + n * 86_400_000).toISOString();
  const finalAt = day(2);
  const offering: AdminIpoOffering = {
    ...upcoming,
    opensAt: day(1),
    closesAt: day(3),
    drawAt: day(4),
    paymentDueAt: day(5),
    listingAt: day(6),
    provisionalPrice: "245.50",
    priceFinalAt: finalAt,
    priceProvisional: true,
  };
  return { finalAt, offering };
}

describe("IPO offerings", { timeout: 30_000 }, () => {
  it("lists the offerings with terms, subscriptions, dates, status and win rate; actions only where allowed", async () => {
    asStaff("operator", "/ipos", {
      "ipos/offerings": () => page(upcoming, closed, drawn, { ...listed, price: "12345.5" }),
    });
    const zen = await loaded("Zen Foods");
    // A price at its currency's scale, with thousands separators and the currency's code.
    within(await loaded("Luma Health")).getByText("12,345.50 INR");
    within(zen).getByText("ZEN · NSE");
    within(zen).getByText("IN");
    within(zen).getByText("245.50 INR");
    within(zen).getByText("1,000,000");
    within(zen).getByText("From 10,000 a subscription");
    within(zen).getByText("Up to 3 times per user");
    within(zen).getByText("3 subscriptions · 60,000 shares");
    within(zen).getByText("Awaiting draw 3");
    within(zen).getByText("Closed");
    within(zen).getByText("Payment due");

    const acme = screen.getByText("Acme Robotics").closest("tr") as HTMLElement;
    within(acme).getByText("10,000 – 50,000 a subscription");
    within(acme).getByText("Once per user");
    within(acme).getByText("Upcoming");
    within(acme).getByText("—");
    const orbit = screen.getByText("Orbit Space").closest("tr") as HTMLElement;
    within(orbit).getByText("66.67%");
    within(orbit).getByText("Awaiting payment 1");

    // Edit while upcoming; draw once closed; list once drawn; cancel until listed.
    const enabled = (name: string) => !button(name).disabled;
    expect(["ACME", "ZEN", "ORBIT", "LUMA"].map((s) => enabled(`Edit the ${s} offering`))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(["ACME", "ZEN", "ORBIT", "LUMA"].map((s) => enabled(`Draw the ${s} offering`))).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect(["ACME", "ZEN", "ORBIT", "LUMA"].map((s) => enabled(`List the ${s} shares`))).toEqual([
      false,
      false,
      true,
      false,
    ]);
    expect(["ACME", "ZEN", "ORBIT", "LUMA"].map((s) => enabled(`Cancel the ${s} offering`))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(screen.getAllByRole("menuitem").map((m) => m.textContent)).toContain("IPOs");
  });

  it("creates an offering, checking the dates' order, max against min and the reason before sending", async () => {
    const calls = asStaff("administrator", "/ipos", {
      "ipos/offerings": () => page(),
      "ipos/save": (body) => ok({ ...upcoming, symbol: body.symbol }),
    });
    expect(await screen.findByText("No IPO offerings yet", {}, { timeout: 15_000 })).toBeTruthy();
    const drawer = await openDialog("New offering");
    const field = (label: string) => within(drawer).getByLabelText(label) as HTMLInputElement;
    expect(field("Minimum per subscription").value).toBe("10000");
    expect(field("Subscriptions per user").value).toBe("1");
    const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
    fill("Symbol", "acme");
    fill("Underwriting price", "245.50");
    fill("Shares offered", "1000000");
    fill("Maximum per subscription", "5000");
    fill("Subscriptions per user", "2");
    fill("Lead broker", "Kotak Mahindra Capital");
    fill("Opens", "2026-11-24T09:00");
    fill("Closes", "2026-11-27T15:30");
    fill("Draw", "2026-11-27T12:00");
    fill("Payment due", "2026-11-30T15:30");
    fill("Listing", "2026-12-02T09:00");
    const save = () => fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));

    save();
    await within(drawer).findByText("Reason for the change is required");
    expect(calledPath(calls, "ipos/save")).toBe(false);

    fill("Reason for the change", "Approved by the issuer");
    save();
    await within(drawer).findByText("The draw cannot come before subscription closes");
    within(drawer).getByText("The maximum must not be below the minimum");
    expect(calledPath(calls, "ipos/save")).toBe(false);

    fill("Draw", "2026-11-28T11:30");
    fill("Maximum per subscription", "");
    save();
    await waitFor(() => expect(calledPath(calls, "ipos/save")).toBe(true));
    expect(sentTo(calls, "ipos/save")).toEqual({
      symbol: "ACME",
      price: "245.50",
      totalShares: "1000000",
      minQuantity: "10000",
      maxQuantity: null,
      subscriptionLimit: 2,
      leadBroker: "Kotak Mahindra Capital",
      opensAt: new Date("2026-11-24T09:00").toISOString(),
      closesAt: new Date("2026-11-27T15:30").toISOString(),
      drawAt: new Date("2026-11-28T11:30").toISOString(),
      paymentDueAt: new Date("2026-11-30T15:30").toISOString(),
      listingAt: new Date("2026-12-02T09:00").toISOString(),
      reason: "Approved by the issuer",
    });
  });

  it("edits an upcoming offering and shows the server's refusal beside the symbol", async () => {
    const calls = asStaff("operator", "/ipos", {
      "ipos/offerings": () => page(upcoming),
      "ipos/save": () => fail("UNKNOWN_SYMBOL", { symbol: "ACME" }),
    });
    const drawer = await openDialog("Edit the ACME offering");
    expect((within(drawer).getByLabelText("Listing") as HTMLInputElement).value).toBe(
      toLocalInput(upcoming.listingAt),
    );
    fireEvent.change(within(drawer).getByLabelText("Reason for the change"), {
      target: { value: "Later listing" },
    });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await within(drawer).findAllByText("Unknown symbol: ACME")).not.toHaveLength(0);
    expect(sentTo(calls, "ipos/save")).toMatchObject({
      id: upcoming.id,
      symbol: "ACME",
      price: "245.50",
      minQuantity: "10000",
      maxQuantity: "50000",
      reason: "Later listing",
    });
  });

  it("asks for the draft's warnings before saving and saves only once the staff member confirms", async () => {
    const calls = asStaff("operator", "/ipos", {
      "ipos/offerings": () => page(upcoming),
      "ipos/check": () =>
        ok({
          symbol: "ACME",
          currency: "INR",
          referencePrice: "300",
          discount: "0.1817",
          warnings: [{ kind: "discount", discount: "0.1817", limit: "0.05" }],
        }),
      "ipos/save": (body) => ok({ ...upcoming, symbol: body.symbol }),
    });
    const drawer = await openDialog("Edit the ACME offering");
    fireEvent.change(within(drawer).getByLabelText("Reason for the change"), {
      target: { value: "Priced below the market" },
    });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    const warnings = await screen.findByRole("list", { name: "Check before saving" });
    within(warnings).getByText(
      "The price is 18.17 % below the market price of 300.00 INR, more than the 5.00 % the configuration warns above.",
    );
    expect(sentTo(calls, "ipos/check")).toEqual({ symbol: "ACME", price: "245.50", id: upcoming.id });
    expect(calledPath(calls, "ipos/save")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Save anyway" }));
    await waitFor(() => expect(calledPath(calls, "ipos/save")).toBe(true));
  });

  it("saves a provisional price with its time and shows it", async () => {
    const { finalAt, offering } = provisionalOffering();
    let current = offering;
    const calls = asStaff("operator", "/ipos", {
      "ipos/offerings": () => page(current),
      "ipos/save": () => ok(current),
      "ipos/finalPrice": (body) => {
        current = { ...current, finalPrice: body.price };
        return ok(current);
      },
    });
    const row = await loaded("Acme Robotics");
    within(row).getByText(`Provisional until ${formatDateTime(finalAt)}`);
    within(row).getByText("No final price set: the provisional one stands");

    const drawer = await openDialog("Edit the ACME offering");
    expect((within(drawer).getByLabelText("Price final at") as HTMLInputElement).value).toBe(
      toLocalInput(finalAt),
    );
    fireEvent.change(within(drawer).getByLabelText("Reason for the change"), { target: { value: "Band" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calledPath(calls, "ipos/save")).toBe(true));
    expect(sentTo(calls, "ipos/save")).toMatchObject({
      price: "245.50",
      priceFinalAt: finalAt,
    });
  });

  it("sets the final price of a provisional one with a reason", async () => {
    const { offering } = provisionalOffering();
    let current = offering;
    const calls = asStaff("operator", "/ipos", {
      "ipos/offerings": () => page(current),
      "ipos/save": () => ok(current),
      "ipos/finalPrice": (body) => {
        current = { ...current, finalPrice: body.price };
        return ok(current);
      },
    });
    const modal = await openDialog("Set the final price of ACME");
    within(modal).getByText(/The provisional price is 245.50 INR/);
    fireEvent.change(within(modal).getByLabelText("Final price (INR)"), { target: { value: "250.00" } });
    fireEvent.click(within(modal).getByRole("button", { name: "Set the final price" }));
    await within(modal).findByText("Please give a reason");
    expect(calledPath(calls, "ipos/finalPrice")).toBe(false);
    fireEvent.change(within(modal).getByLabelText("Reason for the change"), {
      target: { value: "Book built" },
    });
    fireEvent.click(within(modal).getByRole("button", { name: "Set the final price" }));
    await waitFor(() => expect(calledPath(calls, "ipos/finalPrice")).toBe(true));
    expect(sentTo(calls, "ipos/finalPrice")).toEqual({
      id: upcoming.id,
      price: "250.00",
      reason: "Book built",
    });
    within(await loaded("Acme Robotics")).getByText("Final price set: 250.00 INR");
  });

  it("runs the draw with a reason, says what it will do, and refreshes the row", async () => {
    let current = closed;
    const calls = asStaff("operator", "/ipos", {
      "ipos/offerings": () => page(current),
      "ipos/draw": () => {
        current = { ...drawn, id: closed.id, symbol: "ZEN", name: "Zen Foods" };
        return ok(current);
      },
    });
    const modal = await openDialog("Draw the ZEN offering");
    within(modal).getByText("Run the ZEN draw?");
    within(modal).getByText(/The draw follows the offering's published rule/);
    within(modal).getByText("Subscriptions in the draw");
    within(modal).getByText("60,000");
    fireEvent.click(within(modal).getByRole("button", { name: "Run the draw" }));
    await within(modal).findByText("Please give a reason");
    expect(calledPath(calls, "ipos/draw")).toBe(false);
    fireEvent.change(within(modal).getByLabelText("Reason for the change"), {
      target: { value: "Window closed" },
    });
    fireEvent.click(within(modal).getByRole("button", { name: "Run the draw" }));
    await waitFor(() => expect(calledPath(calls, "ipos/draw")).toBe(true));
    expect(sentTo(calls, "ipos/draw")).toEqual({ id: closed.id, reason: "Window closed" });
    await waitFor(() => expect(button("List the ZEN shares").disabled).toBe(false));
    expect(button("Draw the ZEN offering").disabled).toBe(true);
    expect(offeringCalls(calls)).toBeGreaterThan(1);
    within(await loaded("Zen Foods")).getByText("Drawn");
  });

  it("shows each offering's rule and verifies a drawn one from its published inputs", async () => {
    const beaconDrawn: AdminIpoOffering = {
      ...drawn,
      randomness: "cd".repeat(32),
      applicationsRoot: "ab".repeat(32),
    };
    const calls = asStaff("operator", "/ipos", {
      "ipos/offerings": () => page(beaconDrawn, closed),
      "ipos/verify": () =>
        ok({
          id: beaconDrawn.id,
          ok: true,
          root: "ab".repeat(32),
          publishedRoot: "ab".repeat(32),
          rootMatches: true,
          rootBeforeRound: true,
          digest: "ef".repeat(32),
          publishedDigest: "ef".repeat(32),
          applications: 3,
          mismatches: 0,
          firstMismatches: [],
          allocationRule: "lottery",
          beacon: beaconDrawn.beacon,
          randomness: "cd".repeat(32),
        }),
    });
    const row = await loaded("Orbit Space");
    within(row).getByText("Lottery: one lot per winner");
    within(row).getByText("Lots of 10,000 shares");
    within(row).getByText("Local beacon round 29400001");
    expect(screen.queryByRole("button", { name: "Verify the draw of ZEN" })).toBeNull();
    fireEvent.click(button("Verify the draw of ORBIT"));
    const modal = await screen.findByRole("dialog");
    within(modal).getByText("Draw of ORBIT recomputed");
    await within(modal).findByText("The published inputs give every allotment recorded (3 applications).");
    within(modal).getByText(/Local beacon: not independent of the operator/);
    expect(sentTo(calls, "ipos/verify")).toEqual({ id: beaconDrawn.id });
  });

  it("lists the shares with a reason, and says when it is too early", async () => {
    const calls = asStaff("operator", "/ipos", {
      "ipos/offerings": () => page(drawn),
      "ipos/listing": () => fail("NOT_YET_OPEN"),
    });
    const modal = await openDialog("List the ORBIT shares");
    within(modal).getByText("Paid subscriptions that become positions");
    within(modal).getByText("Unpaid wins that are waived");
    fireEvent.change(within(modal).getByLabelText("Reason for the change"), {
      target: { value: "Listing day" },
    });
    fireEvent.click(within(modal).getByRole("button", { name: "List shares" }));
    const alert = await within(modal).findByRole("alert");
    expect(alert.textContent).toMatch(/^Too early: the shares can be listed from /);
    expect(sentTo(calls, "ipos/listing")).toEqual({ id: drawn.id, reason: "Listing day" });
  });

  it("counts the listing's effects as the offering is now: a winner who paid since the list was read is not waived", async () => {
    let reads = 0;
    asStaff("operator", "/ipos", {
      "ipos/offerings": () => {
        reads += 1;
        // The unpaid winner pays after the first read.
        return page(
          reads === 1 ? drawn : { ...drawn, counts: { ...drawn.counts, awaitingPayment: 0, paid: 2 } },
        );
      },
    });
    within(await loaded("Orbit Space")).getByText("Awaiting payment 1");
    const modal = await openDialog("List the ORBIT shares");
    const row = (label: string) => within(modal).getByText(label).closest("tr") as HTMLElement;
    await waitFor(() => within(row("Paid subscriptions that become positions")).getByText("2"));
    within(row("Unpaid wins that are waived")).getByText("0");
    // The list beside it says the same.
    within(await loaded("Orbit Space")).getByText("Paid 2");
    expect(within(await loaded("Orbit Space")).queryByText(/^Awaiting payment/)).toBeNull();
  });

  it("cancels with a reason after warning that held amounts are released, showing a refusal translated", async () => {
    const calls = asStaff("operator", "/ipos", {
      "ipos/offerings": () => page(drawn),
      "ipos/cancel": () => fail("ORDER_STATE_INVALID"),
    });
    const modal = await openDialog("Cancel the ORBIT offering");
    within(modal).getByText("Cancel the ORBIT offering?");
    within(modal).getByText(/the amount it holds is released to the user's available balance/);
    const released = within(modal).getByText("Held amounts released").closest("tr") as HTMLElement;
    within(released).getByText("2");
    const failing = within(modal).getByText("Open subscriptions that fail").closest("tr") as HTMLElement;
    within(failing).getByText("2");
    fireEvent.change(within(modal).getByLabelText("Reason for the change"), {
      target: { value: "Issuer withdrew" },
    });
    fireEvent.click(within(modal).getByRole("button", { name: "Cancel the offering" }));
    expect((await within(modal).findByRole("alert")).textContent).toBe(
      "This was already decided or changed; refresh to see its state",
    );
    expect(sentTo(calls, "ipos/cancel")).toEqual({ id: drawn.id, reason: "Issuer withdrew" });
  });

  it("shows an offering drawn before beacons with its seed, and checks each draw key against it", async () => {
    const seedDrawn: AdminIpoOffering = { ...drawn, beacon: null };
    const won = "e5555555-5555-4555-8555-555555555555";
    const lost = "f6666666-6666-4666-8666-666666666666";
    const keyOf = (id: string) => createHash("sha256").update(`${seed}:${id}`).digest("hex");
    const row = (id: string, over: Partial<AdminIpoSubscriptionPage["items"][number]>) => ({
      id,
      subscriptionNo: "S0000000042",
      offeringId: drawn.id,
      symbol: "ORBIT",
      name: "Orbit Space",
      currency: "INR",
      price: "245.50",
      quantity: "20000",
      allotted: "20000",
      amount: "4910000.00",
      state: "awaitingPayment" as const,
      drawKey: keyOf(id),
      createdAt: "2026-11-25T08:00:00.000Z",
      drawAt: drawn.drawAt,
      drawnAt: drawn.drawnAt,
      paymentDueAt: drawn.paymentDueAt,
      paidAt: null,
      listingAt: drawn.listingAt,
      listedAt: null,
      orderId: null,
      userId: "77777777-7777-4777-8777-777777777777",
      account: "priya01",
      ...over,
    });
    const calls = asStaff("operator", "/ipos", {
      "ipos/offerings": () => page(seedDrawn),
      "ipos/subscriptions": () =>
        ok({
          items: [
            row(won, {}),
            row(lost, {
              subscriptionNo: "S0000000043",
              account: "asha_k",
              allotted: "0",
              state: "notWon",
              drawKey: "0".repeat(64),
            }),
          ],
          nextCursor: null,
        }),
    });
    const drawer = await openDialog("Subscriptions to ORBIT");
    within(drawer).getByText(drawn.seedHash);
    within(drawer).getByText(seed);
    await within(drawer).findByText("Hashes to the published hash");
    const first = (await within(drawer).findByText("S0000000042")).closest("tr") as HTMLElement;
    within(first).getByRole("link", { name: "priya01" });
    within(first).getByText("4,910,000.00 INR");
    within(first).getByText("Awaiting payment");
    await within(first).findByText("Matches the seed");
    const second = within(drawer).getByText("S0000000043").closest("tr") as HTMLElement;
    within(second).getByText("Not won");
    await within(second).findByText("Does not match the seed");
    // Another seed than the one whose hash was published is called out.
    cleanup();
    asStaff("operator", "/ipos", {
      "ipos/offerings": () => page({ ...seedDrawn, seedHash: "9f".repeat(32) }),
      "ipos/subscriptions": () => ok({ items: [], nextCursor: null }),
    });
    const other = await openDialog("Subscriptions to ORBIT");
    await within(other).findByText("Does not hash to the published hash");
    expect(sentTo(calls, "ipos/subscriptions")).toEqual({ id: drawn.id });
  });

  it("says the seed comes with the draw before it", async () => {
    asStaff("operator", "/ipos", {
      "ipos/offerings": () => page(closed),
      "ipos/subscriptions": () => ok({ items: [], nextCursor: null }),
    });
    const drawer = await openDialog("Subscriptions to ZEN");
    within(drawer).getByText("Published by the draw");
    await within(drawer).findByText("No subscriptions yet");
  });

  it("is not offered to a role without ipos.manage", () => expectRefusedToReviewer("/ipos", "IPOs"));
});
