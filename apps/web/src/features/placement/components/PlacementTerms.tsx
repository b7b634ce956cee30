import { useTranslation } from "react-i18next";
import type { PlacementOfferDetail } from "@brokerage/api";
import type { OrderCost } from "@brokerage/core";
import { formatMoneySafe } from "../../../lib/money";
import { formatPrice } from "../../../lib/quote";
import { AvailableRow } from "../../trade";

/**
 * What applying for the shares costs, before anything is held: the price, the amount (price × shares),
 * the market's commission, the total held, and the available balance with a way to exchange.
 */
export function PlacementTerms({
  offer,
  amount,
  cost,
  exchangeLink = false,
}: {
  offer: PlacementOfferDetail;
  amount: string;
  cost: OrderCost;
  exchangeLink?: boolean;
}) {
  const { t } = useTranslation();
  const money = (value: string) => `${formatMoneySafe(value)} ${offer.currency}`;
  return (
    <dl className="trade-terms">
      <div>
        <dt>{t("placement.price")}</dt>
        <dd>
          {formatPrice(offer.price)} {offer.currency}
        </dd>
      </div>
      <div>
        <dt>{t("placement.amount")}</dt>
        <dd>{money(amount)}</dd>
      </div>
      <div>
        <dt>{t("placement.commission")}</dt>
        <dd>{money(cost.fee)}</dd>
      </div>
      <div className="trade-terms__total">
        <dt>{t("placement.total")}</dt>
        <dd>{money(cost.total)}</dd>
      </div>
      <AvailableRow currency={offer.currency} available={offer.available} exchangeLink={exchangeLink} />
    </dl>
  );
}
