import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { BlockTradeOfferDetail } from "@brokerage/api";
import type { OrderCost } from "@brokerage/core";
import { formatMoneySafe } from "../../../lib/money";
import { formatPrice } from "../../market/quote";

/**
 * What the subscription holds, in the settlement currency: the offer price, the margin (the whole value:
 * block trades are unleveraged), the fee, the total, and the available balance with a way to exchange.
 */
export function SubscriptionTerms({
  offer,
  cost,
  exchangeLink = false,
}: {
  offer: BlockTradeOfferDetail;
  cost: OrderCost;
  exchangeLink?: boolean;
}) {
  const { t } = useTranslation();
  const { currency } = offer;
  const amount = (value: string) => `${formatMoneySafe(value)} ${currency}`;
  return (
    <dl className="trade-terms">
      <div>
        <dt>{t("blockTrade.offerPrice")}</dt>
        <dd>
          {formatPrice(offer.price)} {currency}
        </dd>
      </div>
      <div>
        <dt>{t("trade.margin")}</dt>
        <dd>{amount(cost.margin)}</dd>
      </div>
      <div>
        <dt>{t("trade.fee")}</dt>
        <dd>{amount(cost.fee)}</dd>
      </div>
      <div className="trade-terms__total">
        <dt>{t("trade.total")}</dt>
        <dd>{amount(cost.total)}</dd>
      </div>
      <div>
        <dt>{t("trade.available")}</dt>
        <dd>
          {amount(offer.available)}
          {exchangeLink && (
            <Link to={`/information/exChange?to=${currency}`} className="trade-terms__link">
              {t("trade.exchangeLink", { currency })}
            </Link>
          )}
        </dd>
      </div>
    </dl>
  );
}
