import type { Alert } from "@brokerage/api";
import type { Listing, MarketDataProvider } from "@brokerage/core";
import { money } from "@brokerage/core";
import { priceText } from "../trading/index.js";
import type { AlertRow } from "./repository.js";
import { priceDecimalsOf, thresholdsOf } from "./rules.js";

/** How rows become the contract's alerts: prices at the instrument's decimals, a percentage as set. */

const plain = (value: string) => money(value).toFixed();

/** The instrument's names, decimals and currency; an instrument the provider no longer serves keeps its symbol. */
export function instrumentView(listing: Listing | undefined, symbol: string) {
  const name = listing?.name ?? symbol;
  return {
    name,
    names: listing?.names ?? { en: name, ko: name, zh: name, zhTW: name, hi: name, local: name },
    currency: listing?.currency ?? "",
    decimals: listing ? priceDecimalsOf(listing) : 2,
  };
}

export function toAlert(row: AlertRow, market: MarketDataProvider): Alert {
  const { name, names, currency, decimals } = instrumentView(market.listing(row.symbol), row.symbol);
  const price = (value: string) => priceText(value, decimals);
  const value = plain(row.value);
  const reference = plain(row.referencePrice);
  const fires = thresholdsOf(row.condition, value, reference, decimals);
  return {
    id: row.id,
    symbol: row.symbol,
    exchange: row.exchange,
    name,
    names,
    currency,
    condition: row.condition,
    value: row.condition === "movePct" ? value : price(value),
    referencePrice: price(reference),
    firesAtOrAbove: fires.atOrAbove === null ? null : price(fires.atOrAbove),
    firesAtOrBelow: fires.atOrBelow === null ? null : price(fires.atOrBelow),
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    firedAt: row.firedAt?.toISOString() ?? null,
    firedPrice: row.firedPrice === null ? null : price(plain(row.firedPrice)),
  };
}
