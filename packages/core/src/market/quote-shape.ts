import { money, percentChange } from "../money.js";
import { DAILY_PRICE_LIMIT, EXCHANGES } from "./exchanges.js";
import { checkPriceBand } from "./ticks.js";
import type { Listing, MarketStatus, Quote, QuoteDetails } from "./types.js";

export interface QuoteFields {
  close: string;
  prevClose: string;
  open: string;
  high: string;
  low: string;
  volume: number;
  turnover: string;
  week52High: string;
  week52Low: string;
  asOf: number;
  tradingDay: string;
  status: MarketStatus;
}

/** Assembles a quote from its prices; derives gainValue, gain and market cap. */
export function makeQuote(
  listing: Listing,
  fields: QuoteFields,
  details: QuoteDetails,
  simulated: boolean,
): Quote {
  const decimals = fields.close.split(".")[1]?.length ?? 0;
  const shares = listing.kind === "index" ? null : listing.sharesOutstanding;
  return {
    code: listing.code,
    name: listing.name,
    exchange: listing.exchange,
    market: listing.market,
    currency: listing.currency,
    close: fields.close,
    prev_close: fields.prevClose,
    open: fields.open,
    high: fields.high,
    low: fields.low,
    volume: fields.volume,
    turnover: fields.turnover,
    gainValue: money(fields.close).minus(fields.prevClose).toFixed(decimals),
    gain: percentChange(fields.close, fields.prevClose),
    week52High: fields.week52High,
    week52Low: fields.week52Low,
    marketCap: shares === null ? null : money(fields.close).times(shares).toFixed(0),
    timestamp: new Date(fields.asOf).toISOString(),
    tradingDay: fields.tradingDay,
    status: fields.status,
    simulated,
    details,
  };
}

/** Details known from the listing alone; the simulator adds ownership, short selling and trends. */
export function listingDetails(listing: Listing, prevClose: string): QuoteDetails {
  const none = {
    ko_name: listing.names.ko,
    names: listing.names,
    kind: listing.kind,
    timeZone: EXCHANGES[listing.exchange].calendar.timeZone,
    industry: null,
    board: null,
    lotSize: 1,
    quantityStep: null,
    marketQuantityStep: null,
    sharesOutstanding: null,
    foreignOwnership: null,
    shortInterestRatio: null,
    shortVolume: null,
    investorTrends: null,
    priceBand: null,
    limitUp: null,
    limitDown: null,
  };
  if (listing.kind === "index") return none;
  const band = checkPriceBand(prevClose, prevClose, listing.priceBand, listing.ticks, listing.priceDecimals);
  // Limit up and down only where the exchange sets a daily limit (DAILY_PRICE_LIMIT).
  const limited = DAILY_PRICE_LIMIT.has(listing.exchange);
  return {
    ...none,
    industry: listing.industry,
    board: listing.board,
    lotSize: listing.lotSize,
    quantityStep: listing.quantityStep,
    marketQuantityStep: listing.marketQuantityStep,
    sharesOutstanding: listing.sharesOutstanding,
    priceBand: listing.priceBand,
    limitUp: limited ? band.upper : null,
    limitDown: limited ? band.lower : null,
  };
}
