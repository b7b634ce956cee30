import { useTranslation } from "react-i18next";
import type { OrderPreview, PlaceOrderRequest } from "@brokerage/api";
import { ConfirmSheet, type ConfirmProps } from "../../../components/ConfirmSheet";
import { formatPrice } from "../../../lib/quote";
import { PreviewTerms } from "./PreviewTerms";

/**
 * The last look before money is held: the order (direction, price type, quantity, leverage, stops) and its
 * cost. A connection error is shown here and confirming again sends the same idempotency key.
 */
export function ConfirmOrder({
  request,
  preview,
  ...sheet
}: ConfirmProps & {
  request: PlaceOrderRequest | null;
  preview: OrderPreview | undefined;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmSheet
      {...sheet}
      open={request !== null}
      title={t("trade.confirmTitle")}
      cancelLabel={t("trade.cancel")}
      confirmLabel={t("trade.confirmOk")}
    >
      {request && (
        <>
          <p className="trade-sheet__summary">
            {t("trade.confirmSummary", {
              direction: t(`trade.direction.${request.direction}`),
              priceType: t(`trade.priceType.${request.priceType}`),
              quantity: request.quantity,
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
        </>
      )}
    </ConfirmSheet>
  );
}
