import { useTranslation } from "react-i18next";
import type { IpoOfferingDetail, IpoSubscribeRequest } from "@brokerage/api";
import { ConfirmSheet, type ConfirmProps } from "../../../components/ConfirmSheet";
import { sharesText, subscriptionAmount } from "../offering";
import { AmountTerms } from "./AmountTerms";

/**
 * The last look before subscribing: the shares, the price, what it comes to against the available
 * balance, and that nothing is held until a won allotment is paid. A connection error is shown here and
 * confirming again sends the same idempotency key.
 */
export function ConfirmSubscribe({
  request,
  offering,
  name,
  ...sheet
}: ConfirmProps & { request: IpoSubscribeRequest | null; offering: IpoOfferingDetail; name: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmSheet
      {...sheet}
      open={request !== null}
      title={t("ipo.confirmTitle")}
      cancelLabel={t("trade.cancel")}
      confirmLabel={t("ipo.confirmOk")}
    >
      {request && (
        <>
          <p className="trade-sheet__summary">
            {t("ipo.confirmSummary", {
              count: request.quantity,
              shares: sharesText(request.quantity),
              name,
              code: offering.symbol,
            })}
          </p>
          <AmountTerms
            price={offering.price}
            shares={sharesText(request.quantity)}
            amount={subscriptionAmount(offering, request.quantity)}
            currency={offering.currency}
            available={offering.available}
          />
          <p className="trade-sheet__summary">{t("ipo.confirmNote")}</p>
        </>
      )}
    </ConfirmSheet>
  );
}
