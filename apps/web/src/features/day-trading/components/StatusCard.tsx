import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { DayTradingStatus } from "@brokerage/api";
import { EmptyState } from "../../../components/EmptyState";
import { formatDateTime } from "../../../lib/format";
import { formatMoneySafe } from "../../../lib/money";

/**
 * The user's standing: the latest application's state (with the reviewer's reason on a refusal) and the
 * allowance in force, what open day trades use of it and what remains.
 */
export function StatusCard({ status }: { status: DayTradingStatus }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { application, allowance } = status;
  const state = application?.state ?? "none";
  const amount = (value: string, currency: string) => `${formatMoneySafe(value)} ${currency}`;
  return (
    <section className="card day-trading-card" aria-labelledby={titleId}>
      <div className="day-trading-card__head">
        <h2 id={titleId} className="day-trading-card__title">
          {t("dayTrading.statusTitle")}
        </h2>
        <span className={`state-pill state-pill--${state}`}>{t(`dayTrading.state.${state}`)}</span>
      </div>
      {application ? (
        <p className="day-trading-card__text">
          {t("dayTrading.applied", {
            amount: formatMoneySafe(application.amount),
            currency: application.currency,
            date: formatDateTime(new Date(application.createdAt)),
          })}
        </p>
      ) : (
        <EmptyState text={t("dayTrading.noneYet")} />
      )}
      {application?.state === "pending" && (
        <p className="day-trading-card__text">{t("dayTrading.pendingNote")}</p>
      )}
      {application?.state === "rejected" && application.reason && (
        <p className="refusal-reason">{t("dayTrading.reason", { reason: application.reason })}</p>
      )}
      {allowance && (
        <dl className="trade-terms day-trading-allowance">
          <div>
            <dt>{t("dayTrading.allowance")}</dt>
            <dd>{amount(allowance.amount, allowance.currency)}</dd>
          </div>
          <div>
            <dt>{t("dayTrading.used")}</dt>
            <dd>{amount(allowance.used, allowance.currency)}</dd>
          </div>
          <div className="trade-terms__total">
            <dt>{t("dayTrading.remaining")}</dt>
            <dd>{amount(allowance.remaining, allowance.currency)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
