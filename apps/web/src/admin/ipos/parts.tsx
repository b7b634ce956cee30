import {
  IPO_SUBSCRIPTION_STATES,
  type AdminIpoOffering,
  type IpoStatus,
  type IpoSubscriptionState,
} from "@brokerage/api";
import { Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";

/** A count of shares or subscriptions with thousands separators, the same in every language. */
export const shares = (n: number | string | bigint) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

const STATUS_COLORS: Record<IpoStatus, string> = {
  upcoming: "blue",
  open: "green",
  closed: "gold",
  drawn: "purple",
  listed: "default",
  cancelled: "red",
};

export function IpoStatusTag({ status }: { status: IpoStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`ipos.statuses.${status}`)}</Tag>;
}

const STATE_COLORS: Record<IpoSubscriptionState, string> = {
  applied: "blue",
  notWon: "default",
  awaitingPayment: "gold",
  paid: "cyan",
  listed: "green",
  waived: "default",
  failed: "red",
};

export function SubscriptionStateTag({ state }: { state: IpoSubscriptionState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`ipos.states.${state}`)}</Tag>;
}

/** An offering's subscriptions: how many, the shares asked for, and how many are in each state. */
export function SubscriptionCounts({ offering }: { offering: AdminIpoOffering }) {
  const { t } = useTranslation();
  const states = IPO_SUBSCRIPTION_STATES.filter((state) => offering.counts[state] > 0);
  return (
    <div>
      <Typography.Text>
        {t("ipos.subscribedSummary", {
          count: offering.subscriptionCount,
          shown: shares(offering.subscriptionCount),
          shares: shares(offering.subscribedShares),
        })}
      </Typography.Text>
      {states.length > 0 ? (
        <div className="admin-ipo__counts">
          {states.map((state) => (
            <Typography.Text key={state} type="secondary">
              {t(`ipos.states.${state}`)} {shares(offering.counts[state])}
            </Typography.Text>
          ))}
        </div>
      ) : null}
    </div>
  );
}
