import { useId } from "react";
import Button from "antd-mobile/es/components/button";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "react-i18next";
import type { BlockTradeOfferDetail, BlockTradeSubscribeRequest } from "@brokerage/api";
import type { OrderCost } from "@brokerage/core";
import { formatPrice } from "../../market/quote";
import { SubscriptionTerms } from "./SubscriptionTerms";

/**
 * The last look before money is held: the shares, the price, what is held and that staff review it. A
 * connection error is shown here and confirming again sends the same idempotency key.
 */
export function ConfirmSubscription({
  request,
  offer,
  cost,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  request: BlockTradeSubscribeRequest | null;
  offer: BlockTradeOfferDetail;
  cost: OrderCost | null;
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popup
      visible={request !== null}
      onClose={onClose}
      closeOnMaskClick={!busy}
      position="bottom"
      bodyClassName="trade-sheet"
    >
      {request && (
        <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
          <h2 id={titleId} className="trade-sheet__title">
            {t("blockTrade.confirmTitle")}
          </h2>
          <p className="trade-sheet__summary">
            {t("blockTrade.confirmSummary", {
              count: request.quantity,
              name: offer.name,
              price: formatPrice(offer.price),
              currency: offer.currency,
            })}
          </p>
          {cost && <SubscriptionTerms offer={offer} cost={cost} />}
          <p className="trade-sheet__summary">{t("blockTrade.reviewNote")}</p>
          {error && (
            <p className="trade-form__error" role="alert">
              {error}
            </p>
          )}
          <div className="trade-sheet__actions">
            <Button fill="outline" size="large" onClick={onClose} disabled={busy}>
              {t("trade.cancel")}
            </Button>
            <Button color="primary" size="large" loading={busy} onClick={onConfirm}>
              {t("blockTrade.confirmOk")}
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
