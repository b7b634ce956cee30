import { useTranslation } from "react-i18next";
import type { DayTradingApplyRequest } from "@brokerage/api";
import { ConfirmSheet, type ConfirmProps } from "../../../components/ConfirmSheet";
import { formatMoneySafe } from "../../../lib/money";

/**
 * The last look before the amount is held. A connection error is shown here and confirming again sends the
 * same idempotency key (one application at most).
 */
export function ConfirmApplication({
  request,
  ...sheet
}: ConfirmProps & {
  request: DayTradingApplyRequest | null;
}) {
  const { t } = useTranslation();
  const amount = request ? formatMoneySafe(request.amount) : "";
  return (
    <ConfirmSheet
      {...sheet}
      open={request !== null}
      title={t("dayTrading.confirmTitle")}
      cancelLabel={t("dayTrading.cancel")}
      confirmLabel={t("dayTrading.confirmOk")}
    >
      {request && (
        <>
          <dl className="trade-terms">
            <div className="trade-terms__total">
              <dt>{t("dayTrading.confirmAmount")}</dt>
              <dd>
                {amount} {request.currency}
              </dd>
            </div>
          </dl>
          <p className="trade-sheet__summary">
            {t("dayTrading.confirmNote", { amount, currency: request.currency })}
          </p>
        </>
      )}
    </ConfirmSheet>
  );
}
