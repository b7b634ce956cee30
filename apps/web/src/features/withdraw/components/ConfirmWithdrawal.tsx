import { useTranslation } from "react-i18next";
import type { BankCard, WalletAddress } from "@brokerage/api";
import { money } from "@brokerage/core";
import { ConfirmSheet, type ConfirmProps } from "../../../components/ConfirmSheet";
import { formatMoneySafe } from "../../../lib/money";
import { lastFour, networkName } from "../../cards";
import type { Payee } from "./PayoutPicker";

export interface Draft {
  currency: string;
  amount: string;
  payee: Payee;
  /** The card it pays to, or null for an address. */
  card: BankCard | null;
  /** The address it pays to, or null for a card. */
  wallet: WalletAddress | null;
  /** The network fee taken from the amount (an address only). */
  fee: string | null;
  /** One key per confirmed draft: confirming again after a failed connection cannot withdraw twice. */
  idempotencyKey: string;
}

/**
 * The last look before the money is held: amount, where it goes (a card, or an address with its network,
 * the network's fee and what arrives), when it arrives, and whether two reviewers check it. A connection
 * error is shown here and the same confirmation can be sent again.
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
  const inCurrency = (value: string) => `${formatMoneySafe(value)} ${draft?.currency ?? ""}`;
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
            <dd>{inCurrency(draft.amount)}</dd>
          </div>
          {draft.wallet && draft.fee !== null && (
            <>
              <div>
                <dt>{t("withdraw.network")}</dt>
                <dd>{networkName(t, draft.wallet.type)}</dd>
              </div>
              <div>
                <dt>{t("withdraw.fee")}</dt>
                <dd>{inCurrency(draft.fee)}</dd>
              </div>
              <div>
                <dt>{t("withdraw.receive")}</dt>
                <dd>{inCurrency(money(draft.amount).minus(draft.fee).toFixed())}</dd>
              </div>
              <div className="withdraw-terms__address">
                <dt>{t("withdraw.toAddress")}</dt>
                <dd>{draft.wallet.address}</dd>
              </div>
            </>
          )}
          {draft.card && (
            <>
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
            </>
          )}
          <div>
            <dt>{t("withdraw.arrivalLabel")}</dt>
            <dd>{arrival}</dd>
          </div>
        </dl>
      )}
      <p className="withdraw-sheet__note">
        {t(draft?.wallet ? "withdraw.confirmNoteWallet" : "withdraw.confirmNote")}
      </p>
      {draft?.wallet && <p className="withdraw-sheet__note">{t("withdraw.confirmAddressWarning")}</p>}
      {fourEyes && <p className="withdraw-sheet__note">{t("withdraw.confirmFourEyes")}</p>}
    </ConfirmSheet>
  );
}
