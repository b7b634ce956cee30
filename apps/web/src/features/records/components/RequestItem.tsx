import "../records.css";
import type { DepositRecord, Withdrawal } from "@brokerage/api";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format";
import { i18n } from "../../../lib/i18n";
import { destinationLabel } from "../../cards";
import { formatAmount } from "./amount";
import { VoucherButton } from "./VoucherButton";

export interface RequestView {
  id: string;
  kind: "recharge" | "withdrawal";
  amount: string;
  currency: string;
  state: "pending" | "approved" | "rejected";
  /** Where the money came from or goes to. */
  detail: string;
  reason: string | null;
  /** A deposit with an uploaded transfer voucher, which its row offers to show. */
  voucher: boolean;
  createdAt: string;
  decidedAt: string | null;
}

export const depositView = (d: DepositRecord): RequestView => ({
  id: d.id,
  kind: "recharge",
  amount: d.amount,
  currency: d.currency,
  state: d.state,
  detail: d.channelName,
  reason: d.reason,
  voucher: d.voucher,
  createdAt: d.createdAt,
  decidedAt: d.decidedAt,
});

export const withdrawalView = (w: Withdrawal): RequestView => ({
  id: w.id,
  kind: "withdrawal",
  amount: w.amount,
  currency: w.currency,
  state: w.state,
  detail: destinationLabel(i18n.t, w),
  reason: w.reason,
  voucher: false,
  createdAt: w.createdAt,
  decidedAt: w.decidedAt,
});

/**
 * One deposit or withdrawal request with its review state (spec §4: pending review, passed, rejected)
 * and the reviewer's reason on a refusal; a deposit with an uploaded voucher offers to show it. The
 * amount is the request's, unsigned: the fund records show what it did to the balance.
 */
export function RequestItem({ request }: { request: RequestView }) {
  const { t } = useTranslation();
  const amount = formatAmount(request.amount, request.currency);
  return (
    <li className="record">
      <div className="record__line">
        <span className="record__type">
          {t(`records.settled.${request.kind}`)}
          <span className="record__detail">{request.detail}</span>
        </span>
        <span className="record__amount">
          {amount} <span className="record__currency">{request.currency}</span>
        </span>
      </div>
      <div className="record__line record__meta">
        <time dateTime={request.createdAt}>{formatDateTime(new Date(request.createdAt))}</time>
        <span className={`record__state record__state--${request.state}`}>
          {t(`records.state.${request.state}`)}
        </span>
      </div>
      {request.reason && <p className="record__reason">{t("records.reason", { reason: request.reason })}</p>}
      {request.voucher && (
        <div className="record__actions">
          <VoucherButton id={request.id} amount={amount} currency={request.currency} />
        </div>
      )}
    </li>
  );
}
