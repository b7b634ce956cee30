import type { FundRecord } from "@brokerage/api";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format";
import { formatAmount, formatSigned, toneOf } from "./amount";

/**
 * One posting: its fund-flow type, time, signed amount (red in, green out: spec §9), the running balance
 * of its account after it, and the reason where someone gave one. A posting on frozen funds (or margin,
 * loan) says so, and its balance is that account's, so a withdrawal's hold and payout are explained.
 */
export function RecordItem({ record }: { record: FundRecord }) {
  const { t } = useTranslation();
  const amount = formatSigned(record.amount, record.currency);
  return (
    <li className="record">
      <div className="record__line">
        <span className="record__type">
          {t(`fundFlow.${record.type}`)}
          {record.account !== "available" && (
            <span className={`record__account record__account--${record.account}`}>
              {t(`records.account.${record.account}`)}
            </span>
          )}
        </span>
        <span className={`record__amount record__amount--${toneOf(record.amount, record.account)}`}>
          {amount} <span className="record__currency">{record.currency}</span>
        </span>
      </div>
      <div className="record__line record__meta">
        <time dateTime={record.createdAt}>{formatDateTime(new Date(record.createdAt))}</time>
        <span>
          {t(`records.balance.${record.account}`, {
            amount: formatAmount(record.balanceAfter, record.currency),
          })}
        </span>
      </div>
      {record.reason && <p className="record__reason">{t("records.reason", { reason: record.reason })}</p>}
    </li>
  );
}
