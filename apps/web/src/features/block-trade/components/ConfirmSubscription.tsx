import { useTranslation } from "react-i18next";
import type { BlockTradeOfferDetail, BlockTradeSubscribeRequest } from "@brokerage/api";
import type { OrderCost } from "@brokerage/core";
import { ConfirmSheet, type ConfirmProps } from "../../../components/ConfirmSheet";
import { pluralOf, sharesText } from "../../../lib/format";
import { formatPrice } from "../../../lib/quote";
import { SubscriptionTerms } from "./SubscriptionTerms";

/**
 * The last look before money is held: the shares, the price, what is held and that staff review it. A
 * connection error is shown here and confirming again sends the same idempotency key.
 */
export function ConfirmSubscription({
  request,
  offer,
  cost,
  ...sheet
}: ConfirmProps & {
  request: BlockTradeSubscribeRequest | null;
  offer: BlockTradeOfferDetail;
  cost: OrderCost | null;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmSheet
      {...sheet}
      open={request !== null}
      title={t("blockTrade.confirmTitle")}
      cancelLabel={t("trade.cancel")}
      confirmLabel={t("blockTrade.confirmOk")}
    >
      {request && (
        <p className="trade-sheet__summary">
          {t("blockTrade.confirmSummary", {
            count: pluralOf(request.quantity),
            shares: sharesText(request.quantity),
            name: offer.name,
            price: formatPrice(offer.price),
            currency: offer.currency,
          })}
        </p>
      )}
      {cost && <SubscriptionTerms offer={offer} cost={cost} />}
      <p className="trade-sheet__summary">{t("blockTrade.reviewNote")}</p>
    </ConfirmSheet>
  );
}
