import { useTranslation } from "react-i18next";
import type { BlockTradeOfferDetail } from "@brokerage/api";
import type { OrderCost } from "@brokerage/core";
import { formatPrice } from "../../../lib/quote";
import { CostRows } from "../../trade";

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
  return (
    <dl className="trade-terms">
      <div>
        <dt>{t("blockTrade.offerPrice")}</dt>
        <dd>
          {formatPrice(offer.price)} {currency}
        </dd>
      </div>
      <CostRows
        currency={currency}
        margin={cost.margin}
        fee={cost.fee}
        total={cost.total}
        available={offer.available}
        exchangeLink={exchangeLink}
      />
    </dl>
  );
}
