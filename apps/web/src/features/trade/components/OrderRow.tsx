import { useTranslation } from "react-i18next";
import type { TradeOrder } from "@brokerage/api";
import { percentChange } from "@brokerage/core";
import { formatPrice } from "../../../lib/quote";
import { useLivePrice } from "../api/livePrice";
import { livePnl } from "../order";
import { OrderActions } from "./OrderActions";
import { PnlText } from "./InventoryRow";
import { PnlParts } from "./PnlSummary";
import { DirectionChip, IntradayChip, RowMain, useOpenPosition } from "./RowMain";

/**
 * One order or position: name and code, direction, lots and leverage, open and current price, P&L net of
 * the costs paid and return rate, with the P&L before costs and the costs under them. An open position's price and P&L follow the live quote feed; tapping opens the detail. An
 * intraday order (kind `dayTrade`) has an "Intraday" chip beside its direction, and says so in its name.
 */
export function OrderRow({ order }: { order: TradeOrder }) {
  const { t } = useTranslation();
  const openPosition = useOpenPosition();
  const open = order.state === "open";
  const waiting = order.state === "pending";
  // An open position's price and a waiting order's distance to its limit follow the live feed.
  const live = useLivePrice(order.symbol, open || waiting);
  const current = ((open || waiting) && live) || order.currentPrice;
  const distance = waiting && current && order.limitPrice ? limitDistance(order.limitPrice, current) : null;
  const moved = open && live ? livePnl(order, live) : null;
  const profit = moved?.pnl ?? order.pnl;
  const gross = moved?.pnlGross ?? order.pnlGross;
  const rate = moved?.returnRate ?? order.returnRate;
  const price = order.openPrice ?? order.limitPrice;
  const intraday = order.kind === "dayTrade";
  const instrument = { name: order.name, code: order.symbol };
  return (
    <li className="trade-row">
      <RowMain
        name={order.name}
        code={order.symbol}
        chip={
          <span className="trade-row__chips">
            <DirectionChip direction={order.direction} />
            {intraday && <IntradayChip />}
          </span>
        }
        label={intraday ? t("trade.detailOfIntraday", instrument) : t("trade.detailOf", instrument)}
        onOpen={() => openPosition(order.id)}
      >
        <span className="trade-row__grid">
          <span>
            {t("trade.lotsShort")} {order.quantity} · {t("trade.leverageShort", { leverage: order.leverage })}
          </span>
          <span>{t(`trade.state.${order.state}`)}</span>
          <span>
            {t("trade.openPrice")} {price ? formatPrice(price) : "—"}
          </span>
          <span>
            {t("trade.currentPrice")} {current ? formatPrice(current) : "—"}
          </span>
          {distance !== null && (
            <span className="trade-row__distance">{t("trade.limitDistance", { percent: distance })}</span>
          )}
        </span>
        <span className="trade-row__pnl">
          {t("trade.pnl")} <PnlText pnl={profit} rate={rate} currency={order.currency} />
          <PnlParts pnlGross={gross} costs={order.costs} currency={order.currency} />
        </span>
      </RowMain>
      <OrderActions order={order} name={order.name} />
    </li>
  );
}

/** How far, in percent of the current price, the price must move to reach the limit ("2.50"). */
function limitDistance(limit: string, current: string): string | null {
  try {
    return percentChange(limit, current).replace(/^-/, "");
  } catch {
    return null;
  }
}
