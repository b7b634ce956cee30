import { useEffect, useId, useRef } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { ExchangeResult } from "@brokerage/api";
import { Icon } from "../../../components/icons";
import { formatMoneySafe } from "../../../lib/money";

/** The exchange is booked: what was paid and received, and both wallets' new balances. */
export function ExchangeDone({
  result,
  from,
  to,
  onAgain,
  onRecords,
}: {
  result: ExchangeResult;
  from: string;
  to: string;
  onAgain: () => void;
  onRecords: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  // The form this replaces held the focus: it moves to the outcome, which a screen reader then reads.
  useEffect(() => title.current?.focus(), []);
  return (
    <section className="exchange-done card" aria-labelledby={titleId}>
      <span className="exchange-done__icon" aria-hidden="true">
        <Icon name="exchange" />
      </span>
      <h2 id={titleId} ref={title} className="exchange-done__title" tabIndex={-1}>
        {t("exchange.doneTitle")}
      </h2>
      <p className="exchange-done__text">
        {t("exchange.doneText", {
          paid: `${formatMoneySafe(result.amount)} ${from}`,
          received: `${formatMoneySafe(result.receive)} ${to}`,
        })}
      </p>
      <h3 className="exchange-done__subtitle">{t("exchange.newBalances")}</h3>
      <dl className="quote-terms">
        {result.wallets.map((w) => (
          <div key={w.currency}>
            <dt>{t("exchange.walletAvailable", { currency: w.currency })}</dt>
            <dd>
              {formatMoneySafe(w.available)} {w.currency}
            </dd>
          </div>
        ))}
      </dl>
      <div className="exchange-done__actions">
        <Button block color="primary" size="large" onClick={onAgain}>
          {t("exchange.again")}
        </Button>
        <Button block fill="outline" size="large" onClick={onRecords}>
          {t("title.information.fundRecord")}
        </Button>
      </div>
    </section>
  );
}
