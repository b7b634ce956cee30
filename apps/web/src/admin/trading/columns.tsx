import type { AdminOrderTab, TradeOrder } from "@brokerage/api";
import { Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { moneyText } from "../lib/money";
import { formatDateTime } from "../lib/format";

const STATE_COLORS: Partial<Record<TradeOrder["state"], string>> = {
  pending: "gold",
  review: "gold",
  open: "blue",
  closing: "purple",
  closed: "green",
  declined: "red",
};

const mono = (text: string) => <span className="admin-mono">{text}</span>;
const when = (iso: string | null) => mono(formatDateTime(iso));
const amount = (value: string | null, order: TradeOrder, signed = false) =>
  value === null ? "—" : mono(moneyText(value, order.currency, signed));
const price = (value: string | null) => (value === null ? "—" : mono(value));

/** The fees a position paid: the opening fee, and once closed the closing fee and the stamp duty. */
function fees(order: TradeOrder, t: TFunction) {
  if (order.closeFee === null) return amount(order.openFee, order);
  return (
    <div>
      {amount(order.openFee, order)}
      <div>
        <Typography.Text type="secondary">
          {t("orders.closeFees", {
            fee: moneyText(order.closeFee, order.currency),
            duty: moneyText(order.stampDuty ?? "0", order.currency),
          })}
        </Typography.Text>
      </div>
    </div>
  );
}

function pnl(order: TradeOrder) {
  if (order.pnl === null) return "—";
  const negative = order.pnl.startsWith("-");
  return (
    <Typography.Text type={negative ? "danger" : undefined} className="admin-mono">
      {moneyText(order.pnl, order.currency, true)}
      {order.returnRate === null ? null : <div className="admin-orders__rate">{order.returnRate}%</div>}
    </Typography.Text>
  );
}

/**
 * The columns of one tab of a user's orders: what identifies an order and its terms everywhere; then, for
 * positions, the live valuation and the lock; for pending orders the limit and the expiry; for finished ones
 * the close and how it ended.
 */
export function orderColumns(t: TFunction, tab: AdminOrderTab): ColumnsType<TradeOrder> {
  const head: ColumnsType<TradeOrder> = [
    { title: t("orders.orderNo"), dataIndex: "orderNo", width: 140, render: mono },
    {
      title: t("orders.instrument"),
      key: "instrument",
      width: 200,
      render: (_, o) => (
        <div>
          {o.name}
          <div>
            <Typography.Text type="secondary" className="admin-mono">
              {o.symbol} · {o.exchange}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t("orders.terms"),
      key: "terms",
      width: 190,
      render: (_, o) =>
        t("orders.termsText", {
          direction: t(`orders.directions.${o.direction}`),
          priceType: t(`orders.priceTypes.${o.priceType}`),
          leverage: o.leverage,
        }),
    },
    { title: t("orders.quantity"), dataIndex: "quantity", width: 90, align: "right" },
    {
      title: t("orders.state"),
      dataIndex: "state",
      width: 150,
      render: (state: TradeOrder["state"], o) => (
        <div>
          <Tag color={STATE_COLORS[state]} variant="outlined">
            {t(`orders.states.${state}`)}
          </Tag>
          {o.kind === "normal" ? null : <Tag>{t(`orders.kinds.${o.kind}`)}</Tag>}
        </div>
      ),
    },
    {
      title: t("orders.margin"),
      dataIndex: "margin",
      width: 140,
      align: "right",
      render: (v: string, o) => (
        <span>
          {amount(v, o)} <Typography.Text type="secondary">{o.currency}</Typography.Text>
        </span>
      ),
    },
    { title: t("orders.fees"), key: "fees", width: 190, align: "right", render: (_, o) => fees(o, t) },
  ];
  if (tab === "positions")
    return [
      ...head,
      { title: t("orders.openPrice"), dataIndex: "openPrice", width: 120, align: "right", render: price },
      {
        title: t("orders.currentPrice"),
        dataIndex: "currentPrice",
        width: 120,
        align: "right",
        render: price,
      },
      {
        title: t("orders.marketValue"),
        dataIndex: "marketValue",
        width: 150,
        align: "right",
        render: (v: string | null, o) => amount(v, o),
      },
      { title: t("orders.unrealisedPnl"), key: "pnl", width: 140, align: "right", render: (_, o) => pnl(o) },
      { title: t("orders.openedAt"), dataIndex: "openedAt", width: 180, render: when },
      { title: t("orders.lockedUntil"), dataIndex: "lockedUntil", width: 180, render: when },
    ];
  if (tab === "pending")
    return [
      ...head,
      { title: t("orders.limitPrice"), dataIndex: "limitPrice", width: 120, align: "right", render: price },
      { title: t("orders.createdAt"), dataIndex: "createdAt", width: 180, render: when },
      { title: t("orders.expiresAt"), dataIndex: "expiresAt", width: 180, render: when },
    ];
  return [
    ...head,
    { title: t("orders.openPrice"), dataIndex: "openPrice", width: 120, align: "right", render: price },
    { title: t("orders.closePrice"), dataIndex: "closePrice", width: 120, align: "right", render: price },
    { title: t("orders.realisedPnl"), key: "pnl", width: 140, align: "right", render: (_, o) => pnl(o) },
    { title: t("orders.openedAt"), dataIndex: "openedAt", width: 180, render: when },
    { title: t("orders.closedAt"), dataIndex: "closedAt", width: 180, render: when },
    {
      title: t("orders.outcome"),
      key: "outcome",
      width: 220,
      ellipsis: true,
      render: (_, o) =>
        o.closeReason
          ? t(`orders.closeReasons.${o.closeReason}`)
          : (o.declineReason ?? (o.state === "expired" ? t("orders.expiredAtClose") : "—")),
    },
  ];
}
