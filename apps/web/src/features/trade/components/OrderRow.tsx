import { useTranslation } from "react-i18next";
import type { InventoryItem, TradeOrder } from "@brokerage/api";
import { formatMoneySafe } from "../../../lib/money";
import { formatPrice } from "../../market/quote";
import { useLivePrice } from "../api/livePrice";
import { livePnl, toneOf } from "../order";
import { OrderActions } from "./OrderActions";
import { DirectionChip, RowMain, useOpenPosition } from "./RowMain";

const signedMoney = (value: string) => (value.startsWith("-") ? "" : "+") + formatMoneySafe(value);

/** P&L and return rate in the spec §9 colours (gain red, loss green). */
export function PnlText({
  pnl,
  rate,
  currency,
}: {
  pnl: string | null;
  rate: string | null;
  currency: string;
}) {
  if (pnl === null) return <span className="trend--flat">—</span>;
  const tone = toneOf(pnl);
  return (
    <span className={`trade-pnl trend--${tone}`}>
      {signedMoney(pnl)} {currency}
      {rate !== null && <span className="trade-pnl__rate"> ({signedMoney(rate)}%)</span>}
    </span>
  );
}

/**
 * One order or position: name and code, direction, lots and leverage, open and current price, P&L and
 * return rate. An open position's price and P&L follow the live quote feed; tapping opens the detail.
 */
export function OrderRow({ order }: { order: TradeOrder }) {
  const { t } = useTranslation();
  const openPosition = useOpenPosition();
  const open = order.state === "open";
  const live = useLivePrice(order.symbol, open);
  const current = (open && live) || order.currentPrice;
  const moved = open && live ? livePnl(order, live) : null;
  const profit = moved?.pnl ?? order.pnl;
  const rate = moved?.returnRate ?? order.returnRate;
  const price = order.openPrice ?? order.limitPrice;
  return (
    <li className="trade-row">
      <RowMain
        name={order.name}
        code={order.symbol}
        chip={<DirectionChip direction={order.direction} />}
        label={t("trade.detailOf", { name: order.name, code: order.symbol })}
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
        </span>
        <span className="trade-row__pnl">
          {t("trade.pnl")} <PnlText pnl={profit} rate={rate} currency={order.currency} />
        </span>
      </RowMain>
      <OrderActions order={order} name={order.name} />
    </li>
  );
}

/** One line of the inventory: an instrument and direction with its lots, average cost and P&L. */
export function InventoryRow({ item }: { item: InventoryItem }) {
  const { t } = useTranslation();
  return (
    <li className="trade-row">
      <RowMain name={item.name} code={item.symbol} chip={<DirectionChip direction={item.direction} />}>
        <span className="trade-row__grid">
          <span>
            {t("trade.lotsShort")} {item.quantity}
          </span>
          <span>
            {t("trade.averageCost")} {formatPrice(item.averageCost)}
          </span>
          <span>
            {t("trade.currentPrice")} {item.currentPrice ? formatPrice(item.currentPrice) : "—"}
          </span>
          <span>
            {t("trade.marketValue")} {item.marketValue ? formatMoneySafe(item.marketValue) : "—"}
          </span>
        </span>
        <span className="trade-row__pnl">
          {t("trade.pnl")} <PnlText pnl={item.pnl} rate={null} currency={item.currency} />
        </span>
      </RowMain>
    </li>
  );
}
