import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TradeOrder } from "@brokerage/api";
import { formatDateTime } from "../../../lib/format";
import { formatMoneySafe } from "../../../lib/money";
import { formatPrice } from "../../../lib/quote";
import { ChargeList } from "./ChargeLines";
import { PnlText } from "./InventoryRow";

const time = (value: string | null) => (value ? formatDateTime(new Date(value)) : "—");
const priceOrDash = (value: string | null) => (value ? formatPrice(value) : "—");

/**
 * Every field of spec §3 "Order or position", in its order, with the state and the stops, and the order's
 * type. The P&L is net of the costs paid, with the P&L before costs and the costs beside it. An intraday order (kind `dayTrade`) has no lock: its lock field says so rather than showing a time.
 */
export function OrderFields({
  order,
  pnl,
  pnlGross,
  returnRate,
  currentPrice,
}: {
  order: TradeOrder;
  /** Net of the costs paid (DESIGN §5a); `pnlGross` before them. */
  pnl: string | null;
  pnlGross: string | null;
  returnRate: string | null;
  currentPrice: string | null;
}) {
  const { t } = useTranslation();
  const money = (value: string | null) => (value ? `${formatMoneySafe(value)} ${order.currency}` : "—");
  const rows: [string, ReactNode][] = [
    ["orderNo", order.orderNo],
    ["stock", `${order.name} (${order.symbol} · ${order.exchange})`],
    ["kind", t(`trade.kind.${order.kind}`)],
    ["state", t(`trade.state.${order.state}`)],
    ["buyTime", time(order.openedAt)],
    ["buyPrice", priceOrDash(order.openPrice)],
    ["quantity", String(order.quantity)],
    ["margin", money(order.margin)],
    ["leverage", `${order.leverage}×`],
    ["currentPrice", priceOrDash(currentPrice)],
    ["marketValue", money(order.marketValue)],
    ["fee", money(order.openFee)],
    ["openCharges", <ChargeList key="open" lines={order.openCharges} currency={order.currency} />],
    ["closeFee", money(order.closeFee)],
    ["stampDuty", money(order.stampDuty)],
    ["closeCharges", <ChargeList key="close" lines={order.closeCharges} currency={order.currency} />],
    ["sellTime", time(order.closedAt)],
    ["sellPrice", priceOrDash(order.closePrice)],
    ["pnl", <PnlText key="pnl" pnl={pnl} rate={null} currency={order.currency} />],
    ["pnlGross", <PnlText key="pnlGross" pnl={pnlGross} rate={null} currency={order.currency} />],
    ["costs", money(order.costs)],
    ["returnRate", returnRate === null ? "—" : `${returnRate}%`],
    ["lockTime", order.kind === "dayTrade" ? t("trade.noLockIntraday") : time(order.lockedUntil)],
    ["direction", t(`trade.direction.${order.direction}`)],
    ["priceType", t(`trade.priceType.${order.priceType}`)],
    ["limitPrice", priceOrDash(order.limitPrice)],
    ["stopLoss", priceOrDash(order.stopLoss)],
    ["takeProfit", priceOrDash(order.takeProfit)],
    ["createdAt", time(order.createdAt)],
  ];
  if (order.closeReason) rows.push(["closeReason", t(`trade.closeReason.${order.closeReason}`)]);
  if (order.declineReason) rows.push(["declineReason", order.declineReason]);
  if (order.expiresAt) rows.push(["expiresAt", time(order.expiresAt)]);
  return (
    <dl className="trade-fields">
      {rows.map(([key, value]) => (
        <div key={key}>
          <dt>{t(`trade.field.${key}`)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
