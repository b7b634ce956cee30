import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type {
  BlockTradeOffer,
  BlockTradeOfferDetail,
  BlockTradeSubscription,
  InventoryItem,
} from "@brokerage/api";

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
import { HomeTabs } from "../home/components/HomeTabs";
import { BLOCK_TRADE_OFFER_KEY } from "./offer";
import BlockTradeScreen from "./screens/BlockTradeScreen";
import BlockTradeDetailScreen from "./screens/BlockTradeDetailScreen";
import BlockTradeRecordsScreen from "./screens/BlockTradeRecordsScreen";

const OFFER_ID = "7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

const offer = (over: Partial<BlockTradeOffer> = {}): BlockTradeOffer => ({
  id: OFFER_ID,
  symbol: "RELIANCE",
  exchange: "NSE",
  name: "Reliance Industries",
  market: "IN",
  currency: "INR",
  price: "925.50",
  livePrice: "1000.00",
  discount: "7.45",
  minQuantity: "100",
  maxQuantity: "1000",
  opensAt: "2026-01-05T07:00:00.000Z",
  closesAt: "2026-01-07T08:00:00.000Z",
  lockDays: 2,
  secretKeyRequired: false,
  status: "open",
  ...over,
});

const detail = (over: Partial<BlockTradeOfferDetail> = {}): BlockTradeOfferDetail => ({
  ...offer(),
  feeRate: "0.0003",
  minFee: "20",
  available: "100000.00",
  ...over,
});

/** A subscription under review: 100 Reliance shares at the offer's price, the whole value and the fee held. */
const subscription = (over: Partial<BlockTradeSubscription> = {}): BlockTradeSubscription => ({
  ...tradeOrderOf({
    orderNo: "T0000000042",
    kind: "blockTrade",
    priceType: "limit",
    state: "review",
    quantity: "100",
    leverage: 1,
    limitPrice: "925.50",
    margin: "92550.00",
    openFee: "27.77",
    createdAt: "2026-01-05T08:00:00.000Z",
    openedAt: null,
    openPrice: null,
    pnl: null,
    returnRate: null,
    currentPrice: null,
    marketValue: null,
  }),
  offerId: OFFER_ID,
  offerPrice: "925.50",
  lockDays: 2,
  ...over,
});

signedInTests();

describe("/home/blockTrade", () => {
  it("lists the offers and opens one's detail, remembering which", async () => {
    serve({
      "blockTrade/offers": {
        items: [
          offer(),
          offer({
            id: "8a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
            symbol: "TCS",
            name: "Tata Consultancy",
            status: "upcoming",
            secretKeyRequired: true,
            maxQuantity: null,
            discount: null,
            livePrice: null,
          }),
          // The market fell below the offer's price: a premium, said as one.
          offer({
            id: "9b2c3d4e-5f60-4b7c-8d9e-0f1a2b3c4d5e",
            symbol: "WIPRO",
            discount: "-3.20",
            maxQuantity: "50",
          }),
        ],
        nextCursor: null,
      },
    });
    renderRoute(<BlockTradeScreen />, "/home/blockTrade");
    const list = await screen.findByRole("list", { name: "Block-trade offers" });
    expect(within(list).getByText("7.45% below market")).toBeTruthy();
    expect(within(list).getByText("3.20% above market")).toBeTruthy();
    expect(within(list).getByText("100–1,000 shares")).toBeTruthy();
    expect(within(list).getByText("From 100 shares")).toBeTruthy();
    expect(within(list).getByText("Opening soon")).toBeTruthy();
    expect(within(list).getByText("Secret key required")).toBeTruthy();
    expect(screen.getByRole("link", { name: "My subscriptions" }).getAttribute("href")).toBe(
      "/home/blockTrade2",
    );
    fireEvent.click(within(list).getByRole("button", { name: "Offer for Reliance Industries (RELIANCE)" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/home/blockTrade1"));
    expect(localStorage.getItem(BLOCK_TRADE_OFFER_KEY)).toBe(OFFER_ID);
  });

  it("shows the empty state when there is no offer", async () => {
    serve({ "blockTrade/offers": { items: [], nextCursor: null } });
    renderRoute(<BlockTradeScreen />, "/home/blockTrade");
    expect(await screen.findByText("No block-trade offers right now")).toBeTruthy();
  });
});

describe("/home/blockTrade1", () => {
  beforeEach(() => localStorage.setItem(BLOCK_TRADE_OFFER_KEY, OFFER_ID));

  it("prices the shares, checks the limits and the key, and subscribes after confirmation", async () => {
    serve({
      "blockTrade/offer": detail({ secretKeyRequired: true }),
      "blockTrade/subscribe": subscription(),
    });
    renderRoute(<BlockTradeDetailScreen />, "/home/blockTrade1");
    const form = await screen.findByRole("form", { name: "Subscription form" });
    expect(calls("blockTrade/offer")[0]?.[1]).toEqual({ offerId: OFFER_ID });
    // 100 × 925.50 = 92,550.00; fee 0.03% = 27.765 → 27.77.
    const cost = within(form).getByRole("region", { name: "What is held" });
    expect(within(cost).getByText("92,550.00 INR")).toBeTruthy();
    expect(within(cost).getByText("27.77 INR")).toBeTruthy();
    expect(within(cost).getByText("92,577.77 INR")).toBeTruthy();
    expect(within(cost).getByText("100,000.00 INR")).toBeTruthy();

    fireEvent.change(within(form).getByLabelText("Lots"), { target: { value: "50" } });
    fireEvent.click(within(form).getByRole("button", { name: "Subscribe" }));
    expect((await within(form).findByRole("alert")).textContent).toBe(
      "Below the block trade's minimum of 100 shares",
    );
    fireEvent.change(within(form).getByLabelText("Lots"), { target: { value: "200" } });
    expect(within(cost).getByText("185,155.53 INR")).toBeTruthy();
    fireEvent.click(within(form).getByRole("button", { name: "Subscribe" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("Enter the secret key of this offer");
    fireEvent.change(within(form).getByLabelText("Secret key"), { target: { value: " club-2026 " } });
    fireEvent.click(within(form).getByRole("button", { name: "Subscribe" }));

    const sheet = await screen.findByRole("dialog", { name: "Confirm your subscription" });
    expect(within(sheet).getByText("200 shares of Reliance Industries at 925.50 INR")).toBeTruthy();
    expect(calls("blockTrade/subscribe")).toHaveLength(0);
    fireEvent.click(within(sheet).getByRole("button", { name: "Subscribe now" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/home/blockTrade2"));
    const [, sent] = calls("blockTrade/subscribe")[0]!;
    expect(sent).toMatchObject({ offerId: OFFER_ID, quantity: "200", secretKey: "club-2026" });
    expect((sent as { idempotencyKey: string }).idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it("shows the server's refusal in the user's language and keeps the form", async () => {
    serve({
      "blockTrade/offer": detail(),
      "blockTrade/subscribe": () => {
        throw new ApiError("INSUFFICIENT_AVAILABLE", { available: "5000.00" }, "");
      },
    });
    renderRoute(<BlockTradeDetailScreen />, "/home/blockTrade1");
    const form = await screen.findByRole("form", { name: "Subscription form" });
    expect(within(form).queryByLabelText("Secret key")).toBeNull();
    fireEvent.click(within(form).getByRole("button", { name: "Subscribe" }));
    const sheet = await screen.findByRole("dialog", { name: "Confirm your subscription" });
    fireEvent.click(within(sheet).getByRole("button", { name: "Subscribe now" }));
    expect((await within(form).findByRole("alert")).textContent).toMatch(
      /^Insufficient available balance: 5,000.00/,
    );
    expect(calls("blockTrade/subscribe")[0]?.[1]).not.toHaveProperty("secretKey");
  });

  it("does not take subscriptions for an offer that has not opened", async () => {
    serve({ "blockTrade/offer": detail({ status: "upcoming" }) });
    renderRoute(<BlockTradeDetailScreen />, "/home/blockTrade1");
    const form = await screen.findByRole("form", { name: "Subscription form" });
    expect((within(form).getByRole("button", { name: "Subscribe" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(form).getByRole("status").textContent).toMatch(/^Opens /);
  });

  it("asks to choose an offer when none was saved", () => {
    localStorage.removeItem(BLOCK_TRADE_OFFER_KEY);
    serve({});
    renderRoute(<BlockTradeDetailScreen />, "/home/blockTrade1");
    expect(screen.getByText("No offer chosen")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See the offers" })).toBeTruthy();
  });
});

describe("/home/blockTrade2", () => {
  it("lists the subscriptions with their states and reasons", async () => {
    serve({
      "blockTrade/mine": {
        items: [
          subscription(),
          subscription({
            id: "6d0c1c3e-3f43-4d7b-9e0a-1f2b3c4d5e6f",
            state: "declined",
            declineReason: "Allocation full",
          }),
          subscription({
            id: "9d0c1c3e-3f43-4d7b-9e0a-1f2b3c4d5e6f",
            state: "open",
            openPrice: "925.50",
            openedAt: "2026-01-05T09:00:00.000Z",
            lockedUntil: "2026-01-07T03:45:00.000Z",
            pnl: "6450.00",
            returnRate: "6.97",
          }),
        ],
        nextCursor: null,
      },
    });
    renderRoute(<BlockTradeRecordsScreen />, "/home/blockTrade2");
    const list = await screen.findByRole("list", { name: "My subscriptions" });
    expect(within(list).getByText("Under review")).toBeTruthy();
    expect(within(list).getByText("Declined")).toBeTruthy();
    expect(within(list).getByText("Reason: Allocation full")).toBeTruthy();
    expect(within(list).getAllByText("Held 92,577.77 INR")).toHaveLength(3);
    expect(within(list).getByText(/^Locked until /)).toBeTruthy();
    expect(within(list).getByText("+6,450.00 INR")).toBeTruthy();
  });

  it("shows the empty state with the way to the offers", async () => {
    serve({ "blockTrade/mine": { items: [], nextCursor: null } });
    renderRoute(<BlockTradeRecordsScreen />, "/home/blockTrade2");
    expect(await screen.findByText("You have not subscribed to a block trade yet")).toBeTruthy();
  });
});

describe("home tabs", () => {
  const holding: InventoryItem = {
    symbol: "RELIANCE",
    exchange: "NSE",
    name: "Reliance Industries",
    currency: "INR",
    direction: "long",
    quantity: "100",
    averageCost: "925.50",
    currentPrice: "1000.00",
    marketValue: "100000.00",
    pnl: "7283.20",
    pnlGross: "7450.00",
    costs: "166.80",
  };

  it("lists the holdings, and the open offers on the block-trade tab", async () => {
    serve({
      "trade/inventory": [holding],
      "blockTrade/offers": { items: [offer()], nextCursor: null },
    });
    renderRoute(<HomeTabs />, "/home/index");
    const holdings = await screen.findByRole("list", { name: "Holdings" });
    // Net of the opening charges, the gross and the costs under it.
    expect(within(holdings).getByText("+7,283.20 INR")).toBeTruthy();
    expect(within(holdings).getByText("+7,450.00 before costs · 166.80 INR costs")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Portfolio" }).getAttribute("href")).toBe(
      "/information/portfolio",
    );
    fireEvent.click(screen.getByRole("tab", { name: "Block trades" }));
    const offers = await screen.findByRole("list", { name: "Block-trade offers" });
    expect(within(offers).getByText("7.45% below market")).toBeTruthy();
    expect(screen.getByRole("link", { name: "All offers" }).getAttribute("href")).toBe("/home/blockTrade");
  });
});
