import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { Quote } from "@brokerage/api";
import "../../../lib/i18n";
import { StockFields } from "./StockFields";

const names = {
  en: "Reliance Industries",
  ko: "릴라이언스",
  zh: "信实工业",
  zhTW: "信實工業",
  hi: "रिलायंस",
  local: "",
};
const stock: Quote = {
  code: "RELIANCE",
  name: "Reliance Industries",
  exchange: "NSE",
  market: "IN",
  currency: "INR",
  close: "1000.00",
  prev_close: "970.00",
  open: "975.00",
  high: "1002.00",
  low: "970.50",
  volume: 1_200_000,
  turnover: "1190000000.00",
  gainValue: "30.00",
  gain: "3.09",
  week52High: "1100.00",
  week52Low: "800.00",
  marketCap: null,
  timestamp: "2026-01-05T07:30:00.000Z",
  tradingDay: "2026-01-05",
  status: "open",
  simulated: false,
  details: {
    ko_name: "릴라이언스",
    names,
    kind: "stock",
    timeZone: "Asia/Kolkata",
    industry: null,
    board: "listed",
    lotSize: 1,
    quantityStep: "1",
    marketQuantityStep: "1",
    sharesOutstanding: null,
    foreignOwnership: null,
    shortInterestRatio: null,
    shortVolume: null,
    investorTrends: null,
    priceBand: null,
    limitUp: null,
    limitDown: null,
  },
};

const fields = (quote: Quote) => {
  render(<StockFields quote={quote} />);
  const grid = within(screen.getByRole("region", { name: "Key data" }));
  return (term: string) => grid.queryByText(term)?.nextElementSibling?.textContent ?? null;
};

describe("the key data's units: board lots for shares, the smallest quantity for coins", () => {
  afterEach(cleanup);
  it("a share shows its board lot, and the fraction a market order may take where it differs", () => {
    const field = fields({
      ...stock,
      details: { ...stock.details, lotSize: 1, quantityStep: "1", marketQuantityStep: "0.0001" },
    });
    expect(field("Shares per lot")).toBe("1");
    expect(field("Market orders from")).toBe("0.0001");
    expect(field("Smallest quantity")).toBeNull();
  });

  it("a coin shows its smallest quantity, never shares per lot", () => {
    const field = fields({
      ...stock,
      details: { ...stock.details, kind: "crypto", quantityStep: "0.00001", marketQuantityStep: "0.00001" },
    });
    expect(field("Smallest quantity")).toBe("0.00001");
    expect(field("Shares per lot")).toBeNull();
    expect(field("Market orders from")).toBeNull();
  });
});
