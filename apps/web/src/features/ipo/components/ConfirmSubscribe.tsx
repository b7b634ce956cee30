import { useTranslation } from "react-i18next";
import type { IpoOfferingDetail, IpoSubscribeRequest } from "@brokerage/api";
import { ConfirmSheet, type ConfirmProps } from "../../../components/ConfirmSheet";
import { formatMoneySafe } from "../../../lib/money";
import { pluralOf, sharesText, subscriptionAmount } from "../offering";
import { AmountTerms } from "./AmountTerms";
import { exchangeDateText } from "./OfferingBits";

/**
 * The last look before subscribing: the shares, the price, what it comes to against the available
 * balance, and that this amount is held until the draw (released if not won, paid from if won). A connection error is shown here and
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
              count: pluralOf(request.quantity),
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
          <p className="trade-sheet__summary">
            {t("ipo.confirmNote", {
              amount: formatMoneySafe(subscriptionAmount(offering, request.quantity) ?? "0"),
              currency: offering.currency,
            })}
          </p>
          {offering.priceProvisional && offering.priceFinalAt !== null && (
            <p className="trade-sheet__summary" role="note">
              {t("ipo.provisionalNote", {
                time: exchangeDateText(offering.priceFinalAt, offering.exchange),
              })}
            </p>
          )}
        </>
      )}
    </ConfirmSheet>
  );
}
