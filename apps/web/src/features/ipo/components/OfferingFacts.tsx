import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { IpoOfferingDetail } from "@brokerage/api";
import { formatMoneySafe } from "../../../lib/money";
import { formatPrice } from "../../../lib/quote";
import { pluralOf, sharesText } from "../offering";
import { GainRate, PremiumText, PriceText, dateText, marketName } from "./OfferingBits";

/**
 * Every new-share field of spec §3: the prices and the grey-market premium, the shares offered and
 * subscribed, the limits per subscription and per user, the market and lead broker, the dates (deadline,
 * draw, allocation, listing) and, once drawn, the win rate.
 */
export function OfferingFacts({ offering }: { offering: IpoOfferingDetail }) {
  const { t } = useTranslation();
  const { currency } = offering;
  const price = (value: string | null) => (value === null ? "—" : `${formatPrice(value)} ${currency}`);
  const rows: [string, ReactNode][] = [
    ["ipo.price", <PriceText key="price" offering={offering} />],
    ["ipo.marketPrice", price(offering.marketPrice)],
    ["ipo.difference", <PremiumText key="difference" offering={offering} withRate={false} />],
    ["ipo.premiumRate", <GainRate key="rate" rate={offering.premiumRate} />],
    ["ipo.totalShares", sharesText(offering.totalShares)],
    ["ipo.subscribedShares", sharesText(offering.subscribedShares)],
    [
      "ipo.minQuantity",
      t("ipo.sharesCount", {
        count: pluralOf(offering.minQuantity),
        shares: sharesText(offering.minQuantity),
      }),
    ],
    ["ipo.minInvestment", `${formatMoneySafe(offering.minInvestment)} ${currency}`],
    [
      "ipo.maxQuantity",
      offering.maxQuantity === null
        ? t("ipo.noMax")
        : t("ipo.sharesCount", {
            count: pluralOf(offering.maxQuantity),
            shares: sharesText(offering.maxQuantity),
          }),
    ],
    ["ipo.timesLabel", t("ipo.times", { used: offering.mySubscriptions, limit: offering.subscriptionLimit })],
    ["ipo.issueMarket", marketName(t, offering.market)],
    ["ipo.leadBroker", offering.leadBroker],
    ["ipo.opens", dateText(offering.opensAt)],
    ["ipo.deadline", dateText(offering.closesAt)],
    ["ipo.drawDate", dateText(offering.drawAt)],
    ["ipo.allocationDate", dateText(offering.paymentDueAt)],
    ["ipo.listingDate", dateText(offering.listingAt)],
    ["ipo.winRate", offering.winRate === null ? t("ipo.winRatePending") : `${offering.winRate}%`],
  ];
  return (
    <dl className="trade-fields">
      {rows.map(([key, value]) => (
        <div key={key}>
          <dt>{t(key)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
