import { useId } from "react";
import Button from "antd-mobile/es/components/button";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "react-i18next";
import type { OrderPreview, PlaceOrderRequest } from "@brokerage/api";
import { formatPrice } from "../../market/quote";
import { PreviewTerms } from "./PreviewTerms";

/**
 * The last look before money is held: the order (direction, price type, lots, leverage, stops) and its
 * cost. A connection error is shown here and confirming again sends the same idempotency key.
 */
export function ConfirmOrder({
  request,
  preview,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  request: PlaceOrderRequest | null;
  preview: OrderPreview | undefined;
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
            {t("trade.confirmTitle")}
          </h2>
          <p className="trade-sheet__summary">
            {t("trade.confirmSummary", {
              direction: t(`trade.direction.${request.direction}`),
              priceType: t(`trade.priceType.${request.priceType}`),
              lots: request.quantity,
              leverage: request.leverage,
              name: preview?.name ?? request.symbol,
            })}
          </p>
          {request.dayTrade && <p className="trade-sheet__summary">{t("trade.intraday")}</p>}
          {(request.stopLoss || request.takeProfit) && (
            <p className="trade-sheet__summary">
              {request.stopLoss && t("trade.stopLossValue", { price: formatPrice(request.stopLoss) })}{" "}
              {request.takeProfit && t("trade.takeProfitValue", { price: formatPrice(request.takeProfit) })}
            </p>
          )}
          {preview && <PreviewTerms preview={preview} />}
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
              {t("trade.confirmOk")}
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
