import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { PlacementOffer, PlacementOfferDetail, PlacementSubscription } from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));
vi.mock("../market/api/live", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  marketFeed: { watch: () => () => undefined, getPrice: () => undefined },
}));

import "../../lib/i18n";
import { calls, renderRoute, serve, signedInTests } from "../../test/api";
import { tradeOrderOf } from "../../test/tradeOrder";
import { ApiError } from "../../lib/apiError";
import { PLACEMENT_OFFER_KEY } from "./offer";
import PlacementScreen from "./screens/PlacementScreen";
import PlacementBuyScreen from "./screens/PlacementBuyScreen";

const OFFER_ID = "7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

/** RELIANCE at ₹900.00, ₹50,000.00 to ₹450,000.00 a subscription (56 to 500 shares), locked 2 days. */
const offer = (over: Partial<PlacementOffer> = {}): PlacementOffer => ({
  id: OFFER_ID,
  kind: "placement",
  symbol: "RELIANCE",
  exchange: "NSE",
  name: "Reliance Industries",
  market: "IN",
  currency: "INR",
  price: "900.00",
  livePrice: "1000.00",
  minAmount: "50000.00",
  maxAmount: "450000.00",
  minQuantity: "56",
  maxQuantity: "500",
  opensAt: "2026-01-05T07:00:00.000Z",
  closesAt: "2026-01-07T08:00:00.000Z",
  eligibility: "verified",
  lockDays: 2,
  status: "open",
  ...over,
});

const detail = (over: Partial<PlacementOfferDetail> = {}): PlacementOfferDetail => ({
  ...offer(),
  feeRate: "0.0003",
  minFee: "20",
  available: "100000.00",
  ineligible: null,
  ...over,
});

const subscription = (over: Partial<PlacementSubscription> = {}): PlacementSubscription => ({
  ...tradeOrderOf({
    orderNo: "T0000000042",
    kind: "placement",
    priceType: "limit",
    state: "review",
    quantity: "100",
    leverage: 1,
    limitPrice: "900.00",
    margin: "90000.00",
    openFee: "27.00",
    createdAt: "2026-01-05T08:00:00.000Z",
    openedAt: null,
    openPrice: null,
    pnl: null,
    returnRate: null,
    currentPrice: null,
    marketValue: null,
  }),
  offerId: OFFER_ID,
  offerKind: "placement",
  offerPrice: "900.00",
  lockDays: 2,
  ...over,
});

signedInTests();

describe("/home/newStockPs", () => {
  it("lists the offers with their kind, amounts and who may apply, and opens one", async () => {
    serve({
      "placement/offers": {
        items: [
          offer(),
          offer({
            id: "8a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
            kind: "capitalIncrease",
            symbol: "TCS",
            name: "Tata Consultancy",
            eligibility: "holders",
            maxAmount: null,
            maxQuantity: null,
            lockDays: 0,
            status: "upcoming",
          }),
        ],
        nextCursor: null,
      },
    });
    renderRoute(<PlacementScreen />, "/home/newStockPs");
    const list = await screen.findByRole("list", { name: "Offers" });
    expect(within(list).getByText("Placement")).toBeTruthy();
    expect(within(list).getByText("Capital increase")).toBeTruthy();
    expect(within(list).getByText("50,000.00–450,000.00 INR a subscription")).toBeTruthy();
    expect(within(list).getByText("From 50,000.00 INR a subscription")).toBeTruthy();
    expect(within(list).getByText("Only for holders of TCS")).toBeTruthy();
    expect(within(list).getByText("Open to every verified investor")).toBeTruthy();
    expect(within(list).getByText("Locked 2 trading days")).toBeTruthy();
    expect(within(list).getByText("No lock")).toBeTruthy();
    fireEvent.click(within(list).getByRole("button", { name: "Offer of Reliance Industries (RELIANCE)" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/home/newStockPsBuy"));
    expect(localStorage.getItem(PLACEMENT_OFFER_KEY)).toBe(OFFER_ID);
  });

  it("shows the user's subscriptions with their states and a refusal's reason", async () => {
    serve({
      "placement/offers": { items: [], nextCursor: null },
      "placement/mine": {
        items: [
          subscription({ state: "declined", declineReason: "Allocation full" }),
          subscription({
            id: "6f1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
            state: "open",
            openPrice: "900.00",
            openedAt: "2026-01-05T09:00:00.000Z",
            lockedUntil: "2026-01-07T03:45:00.000Z",
          }),
        ],
        nextCursor: null,
      },
    });
    renderRoute(<PlacementScreen />, "/home/newStockPs");
    expect(await screen.findByText("No placement or capital-increase offers right now")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "My subscriptions" }));
    const list = await screen.findByRole("list", { name: "My subscriptions" });
    expect(within(list).getByText("Reason: Allocation full")).toBeTruthy();
    expect(within(list).getAllByText("Held 90,027.00 INR")).toHaveLength(2);
    // The shares in words (a plural from the order's decimal quantity).
    expect(within(list).getAllByText("100 shares")).toHaveLength(2);
    expect(within(list).getByText(/^Locked until 2026\.01\.07/)).toBeTruthy();
  });
});

describe("/home/newStockPsBuy", () => {
  beforeEach(() => localStorage.setItem(PLACEMENT_OFFER_KEY, OFFER_ID));

  it("shows the cost before applying, refuses an amount below the minimum, and applies after confirmation", async () => {
    serve({ "placement/offer": detail(), "placement/subscribe": subscription() });
    renderRoute(<PlacementBuyScreen />, "/home/newStockPsBuy");
    const form = await screen.findByRole("form", { name: "Subscription form" });
    expect(calls("placement/offer")[0]?.[1]).toEqual({ id: OFFER_ID });
    const terms = screen.getByRole("region", { name: "Offer" });
    expect(within(terms).getByText("56–500 shares")).toBeTruthy();
    expect(within(terms).getByText("Open to every verified investor")).toBeTruthy();
    // The stepper starts at the fewest shares: 56 × 900.00 = 50,400.00; 0.03% = 15.12 → the ₹20 minimum.
    const cost = within(form).getByRole("region", { name: "What is held" });
    expect(within(cost).getByText("50,400.00 INR")).toBeTruthy();
    expect(within(cost).getByText("20.00 INR")).toBeTruthy();
    expect(within(cost).getByText("50,420.00 INR")).toBeTruthy();

    fireEvent.change(within(form).getByLabelText("Lots"), { target: { value: "55" } });
    fireEvent.click(within(form).getByRole("button", { name: "Apply" }));
    expect((await within(form).findByRole("alert")).textContent).toBe(
      "Below the minimum placement amount of 50,000.00 INR",
    );
    fireEvent.change(within(form).getByLabelText("Lots"), { target: { value: "100" } });
    expect(within(cost).getByText("90,027.00 INR")).toBeTruthy();
    fireEvent.click(within(form).getByRole("button", { name: "Apply" }));
    const sheet = await screen.findByRole("dialog", { name: "Confirm your application" });
    expect(within(sheet).getByText("100 shares of Reliance Industries at 900.00 INR")).toBeTruthy();
    expect(within(sheet).getByText("90,027.00 INR")).toBeTruthy();
    expect(calls("placement/subscribe")).toHaveLength(0);
    fireEvent.click(within(sheet).getByRole("button", { name: "Apply now" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/home/newStockPs"));
    const [, sent] = calls("placement/subscribe")[0]!;
    expect(sent).toMatchObject({ offerId: OFFER_ID, quantity: "100" });
    expect((sent as { idempotencyKey: string }).idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it("shows the server's refusal in the user's language and keeps the form", async () => {
    serve({
      "placement/offer": detail(),
      "placement/subscribe": () => {
        throw new ApiError("INSUFFICIENT_AVAILABLE", { available: "5000.00" }, "");
      },
    });
    renderRoute(<PlacementBuyScreen />, "/home/newStockPsBuy");
    const form = await screen.findByRole("form", { name: "Subscription form" });
    fireEvent.click(within(form).getByRole("button", { name: "Apply" }));
    const sheet = await screen.findByRole("dialog", { name: "Confirm your application" });
    fireEvent.click(within(sheet).getByRole("button", { name: "Apply now" }));
    expect((await within(form).findByRole("alert")).textContent).toMatch(
      /^Insufficient available balance: 5,000.00/,
    );
  });

  it("says why a user who may not apply cannot, and keeps the button off", async () => {
    serve({
      "placement/offer": detail({
        kind: "capitalIncrease",
        eligibility: "holders",
        ineligible: "PLACEMENT_HOLDERS_ONLY",
      }),
    });
    renderRoute(<PlacementBuyScreen />, "/home/newStockPsBuy");
    const form = await screen.findByRole("form", { name: "Subscription form" });
    expect(within(form).getByRole("status").textContent).toBe(
      "Only holders of RELIANCE may subscribe to this offer",
    );
    expect((within(form).getByRole("button", { name: "Apply" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says when an offer has closed, and when none was chosen", async () => {
    serve({ "placement/offer": detail({ status: "closed" }) });
    renderRoute(<PlacementBuyScreen />, "/home/newStockPsBuy");
    const form = await screen.findByRole("form", { name: "Subscription form" });
    expect(within(form).getByText("This offer is closed to new subscriptions")).toBeTruthy();
    expect((within(form).getByRole("button", { name: "Apply" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("asks to choose an offer when none is remembered", async () => {
    localStorage.removeItem(PLACEMENT_OFFER_KEY);
    renderRoute(<PlacementBuyScreen />, "/home/newStockPsBuy");
    expect(await screen.findByText("No offer chosen")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See the offers" }).getAttribute("href")).toBe(
      "/home/newStockPs",
    );
  });
});
