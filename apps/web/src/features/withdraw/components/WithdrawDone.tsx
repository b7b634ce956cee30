import { useEffect, useId, useRef } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { Withdrawal } from "@brokerage/api";
import { Icon } from "../../../components/icons";
import { formatMoneySafe } from "../../../lib/money";
import { destinationLabel } from "../../cards";

/** The withdrawal is held and waits for review: what, to where, when it arrives, and what comes next. */
export function WithdrawDone({
  withdrawal,
  arrival,
  onRecords,
  onDone,
}: {
  withdrawal: Withdrawal;
  arrival: string;
  onRecords: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  // The form is gone: the result takes the focus, so a screen reader reads it out.
  useEffect(() => title.current?.focus(), []);
  return (
    <section className="withdraw-done card" aria-labelledby={titleId}>
      <span className="withdraw-done__icon" aria-hidden="true">
        <Icon name="withdraw" />
      </span>
      <h2 id={titleId} ref={title} className="withdraw-done__title" tabIndex={-1}>
        {t("withdraw.doneTitle")}
      </h2>
      <p className="withdraw-done__text">
        {t("withdraw.doneText", {
          amount: `${formatMoneySafe(withdrawal.amount)} ${withdrawal.currency}`,
          card: destinationLabel(t, withdrawal),
        })}
      </p>
      {withdrawal.wallet && (
        <p className="withdraw-done__text">
          {t("withdraw.doneFee", {
            fee: `${formatMoneySafe(withdrawal.fee)} ${withdrawal.currency}`,
            receive: `${formatMoneySafe(withdrawal.receive)} ${withdrawal.currency}`,
          })}
        </p>
      )}
      <p className="withdraw-done__arrival">
        <Icon name="clock" />
        {arrival}
      </p>
      <div className="withdraw-done__actions">
        <Button fill="outline" size="large" onClick={onRecords}>
          {t("withdraw.viewRecords")}
        </Button>
        <Button color="primary" size="large" onClick={onDone}>
          {t("withdraw.done")}
        </Button>
      </div>
    </section>
  );
}
