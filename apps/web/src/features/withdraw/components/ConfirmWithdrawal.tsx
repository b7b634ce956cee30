import { useId } from "react";
import Button from "antd-mobile/es/components/button";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "react-i18next";
import type { BankCard } from "@brokerage/api";
import { formatMoneySafe } from "../../../lib/money";
import { lastFour } from "../../cards/components/cardNumber";

export interface Draft {
  currency: string;
  amount: string;
  card: BankCard;
  /** One key per confirmed draft: confirming again after a failed connection cannot withdraw twice. */
  idempotencyKey: string;
}

/**
 * The last look before the money is held: amount, the card it goes to, when it arrives, and whether two
 * reviewers check it. A connection error is shown here and the same confirmation can be sent again.
 */
export function ConfirmWithdrawal({
  draft,
  arrival,
  fourEyes,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  draft: Draft | null;
  arrival: string;
  fourEyes: boolean;
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popup
      visible={draft !== null}
      onClose={onClose}
      closeOnMaskClick={!busy}
      position="bottom"
      bodyClassName="withdraw-sheet"
    >
      {draft && (
        <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
          <h2 id={titleId} className="withdraw-sheet__title">
            {t("withdraw.confirmTitle")}
          </h2>
          <dl className="withdraw-terms">
            <div className="withdraw-terms__amount">
              <dt>{t("withdraw.amount")}</dt>
              <dd>
                {formatMoneySafe(draft.amount)} {draft.currency}
              </dd>
            </div>
            <div>
              <dt>{t("withdraw.toCard")}</dt>
              <dd>
                {t("withdraw.cardLabel", {
                  bank: draft.card.bankName,
                  last4: lastFour(draft.card.cardNumber),
                })}
              </dd>
            </div>
            <div>
              <dt>{t("withdraw.holder")}</dt>
              <dd>{draft.card.holderName}</dd>
            </div>
            <div>
              <dt>{t("withdraw.arrivalLabel")}</dt>
              <dd>{arrival}</dd>
            </div>
          </dl>
          <p className="withdraw-sheet__note">{t("withdraw.confirmNote")}</p>
          {fourEyes && <p className="withdraw-sheet__note">{t("withdraw.confirmFourEyes")}</p>}
          {error && (
            <p className="withdraw-form__error" role="alert">
              {error}
            </p>
          )}
          <div className="withdraw-sheet__actions">
            <Button fill="outline" size="large" onClick={onClose} disabled={busy}>
              {t("withdraw.cancel")}
            </Button>
            <Button color="primary" size="large" loading={busy} onClick={onConfirm}>
              {t("withdraw.confirmOk")}
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
