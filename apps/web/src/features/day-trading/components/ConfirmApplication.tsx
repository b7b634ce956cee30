import { useId } from "react";
import Button from "antd-mobile/es/components/button";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "react-i18next";
import type { DayTradingApplyRequest } from "@brokerage/api";
import { formatMoneySafe } from "../../../lib/money";

/**
 * The last look before the amount is held. A connection error is shown here and confirming again sends the
 * same idempotency key (one application at most).
 */
export function ConfirmApplication({
  request,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  request: DayTradingApplyRequest | null;
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const amount = request ? formatMoneySafe(request.amount) : "";
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
            {t("dayTrading.confirmTitle")}
          </h2>
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
          {error && (
            <p className="trade-form__error" role="alert">
              {error}
            </p>
          )}
          <div className="trade-sheet__actions">
            <Button fill="outline" size="large" onClick={onClose} disabled={busy}>
              {t("dayTrading.cancel")}
            </Button>
            <Button color="primary" size="large" loading={busy} onClick={onConfirm}>
              {t("dayTrading.confirmOk")}
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
