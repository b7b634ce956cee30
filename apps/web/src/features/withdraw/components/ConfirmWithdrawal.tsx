import { useTranslation } from "react-i18next";
import type { BankCard } from "@brokerage/api";
import { ConfirmSheet, type ConfirmProps } from "../../../components/ConfirmSheet";
import { formatMoneySafe } from "../../../lib/money";
import { lastFour } from "../../cards";

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
  ...sheet
}: ConfirmProps & {
  draft: Draft | null;
  arrival: string;
  fourEyes: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmSheet
      {...sheet}
      open={draft !== null}
      title={t("withdraw.confirmTitle")}
      cancelLabel={t("withdraw.cancel")}
      confirmLabel={t("withdraw.confirmOk")}
      className="withdraw-sheet"
      errorClassName="withdraw-form__error"
    >
      {draft && (
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
      )}
      <p className="withdraw-sheet__note">{t("withdraw.confirmNote")}</p>
      {fourEyes && <p className="withdraw-sheet__note">{t("withdraw.confirmFourEyes")}</p>}
    </ConfirmSheet>
  );
}
