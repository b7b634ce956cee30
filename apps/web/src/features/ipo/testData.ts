import type { IpoOffering, IpoOfferingDetail, IpoSubscription, Quote } from "@brokerage/api";

/** Fixtures of the new-share tests (imported by tests only): an offering, its detail, subscriptions. */
export const OFFERING_ID = "5b1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
export const SUBSCRIPTION_ID = "6c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
export const ORDER_ID = "7d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a";

/** An offering's draw terms before its close: India's lottery, a local beacon round after the close. */
export const DRAW_TERMS = {
  allocationRule: "lottery",
  lotSize: "10000",
  beacon: { provider: "local", round: 29_400_001, roundAt: "2026-03-05T10:01:00.000Z", independent: false },
  applicationsRoot: null,
  rootPublishedAt: null,
  randomness: null,
} satisfies Partial<IpoOffering>;

export const offeringOf = (over: Partial<IpoOffering> = {}): IpoOffering => ({
  id: OFFERING_ID,
  symbol: "NEWCO",
  exchange: "NSE",
  name: "Newco Energy",
  market: "IN",
  currency: "INR",
  price: "120.50",
  provisionalPrice: null,
  priceFinalAt: null,
  priceProvisional: false,
  marketPrice: "135.56",
  priceDifference: "15.06",
  premiumRate: "12.50",
  totalShares: "5000000",
  subscribedShares: "12340000",
  minQuantity: "10000",
  maxQuantity: "100000",
  minInvestment: "1205000.00",
  subscriptionLimit: 2,
  leadBroker: "Kotak Mahindra Capital",
  opensAt: "2026-03-02T04:00:00.000Z",
  closesAt: "2026-03-05T10:00:00.000Z",
  drawAt: "2026-03-06T10:00:00.000Z",
  paymentDueAt: "2026-03-09T10:00:00.000Z",
  listingAt: "2026-03-12T04:00:00.000Z",
  status: "open",
  winRate: null,
  seedHash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  seed: null,
  ...DRAW_TERMS,
  ...over,
});

export const detailOf = (over: Partial<IpoOfferingDetail> = {}): IpoOfferingDetail => ({
  ...offeringOf(),
  available: "5000000.00",
  mySubscriptions: 0,
  ...over,
});

export const subscriptionOf = (over: Partial<IpoSubscription> = {}): IpoSubscription => ({
  id: SUBSCRIPTION_ID,
  subscriptionNo: "S0000000042",
  offeringId: OFFERING_ID,
  symbol: "NEWCO",
  name: "Newco Energy",
  currency: "INR",
  price: "120.50",
  quantity: "20000",
  allotted: "0",
  amount: "2410000.00",
  held: "2410000.00",
  released: "0.00",
  state: "applied",
  drawKey: null,
  createdAt: "2026-03-03T05:00:00.000Z",
  drawAt: "2026-03-06T10:00:00.000Z",
  drawnAt: null,
  paymentDueAt: "2026-03-09T10:00:00.000Z",
  paidAt: null,
  listingAt: "2026-03-12T04:00:00.000Z",
  listedAt: null,
  orderId: null,
  ...over,
});

/** A won allotment: 20,000 shares drawn, 2,410,000.00 INR to pay. */
export const wonOf = (over: Partial<IpoSubscription> = {}) =>
  subscriptionOf({
    state: "awaitingPayment",
    allotted: "20000",
    drawKey: "0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9",
    drawnAt: "2026-03-06T10:00:05.000Z",
    ...over,
  });

/** The quote of the offering's instrument: its catalogue names in every app language. */
export const newcoQuote = {
  code: "NEWCO",
  name: "Newco Energy",
  exchange: "NSE",
  market: "IN",
  currency: "INR",
  details: {
    names: {
      en: "Newco Energy",
      ko: "뉴코 에너지",
      zh: "新科能源",
      zhTW: "新科能源股份",
      hi: "न्यूको एनर्जी",
      local: "",
    },
  },
} as unknown as Quote;
