import "../records.css";
import type { TradeOrder } from "@brokerage/api";
import { money } from "@brokerage/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format";
import { formatPrice } from "../../../lib/quote";
import { formatAmount, formatSigned } from "./amount";

/** Spec §9 colours: a gain red, a loss green, nothing either way in the text colour. */
const toneOfPnl = (pnl: string) => (money(pnl).isZero() ? "moved" : pnl.startsWith("-") ? "out" : "in");

/**
 * One settled trade (a closed position): the stock, long or short, quantity and leverage, the buy and sell
 * prices, the fees it paid (opening and closing fee, stamp duty), the realised P&L net of them (DESIGN §5a)
 * with the P&L before them, and when it closed.
 */
export function TradeItem({ trade }: { trade: TradeOrder }) {
  const { t } = useTranslation();
  const { currency } = trade;
  const pnl = trade.pnl ?? "0";
  const fees = [trade.openFee, trade.closeFee ?? "0"].reduce((sum, fee) => sum.plus(fee), money(0));
  const at = trade.closedAt ?? trade.createdAt;
  return (
    <li className="record">
      <div className="record__line">
        <span className="record__type">
          {trade.name}
          <span className="record__detail">{trade.symbol}</span>
        </span>
        <span className={`record__amount record__amount--${toneOfPnl(pnl)}`}>
          {formatSigned(pnl, currency)} <span className="record__currency">{currency}</span>
        </span>
      </div>
      <div className="record__line record__meta">
        <span>
          {t("records.trades.terms", {
            direction: t(`trade.direction.${trade.direction}`),
            quantity: trade.quantity,
            leverage: trade.leverage,
          })}
        </span>
        <span>
          {t("records.trades.prices", {
            open: trade.openPrice === null ? "—" : formatPrice(trade.openPrice),
            close: trade.closePrice === null ? "—" : formatPrice(trade.closePrice),
          })}
        </span>
      </div>
      <div className="record__line record__meta">
        <span>
          {t("records.trades.fees", {
            fees: formatAmount(fees.toFixed(), currency),
            duty: formatAmount(trade.stampDuty ?? "0", currency),
          })}
        </span>
        <time dateTime={at}>{formatDateTime(new Date(at))}</time>
      </div>
      {trade.pnlGross !== null && (
        <div className="record__line record__meta">
          <span>
            {t("records.trades.net", {
              gross: formatSigned(trade.pnlGross, currency),
              costs: formatAmount(trade.costs ?? "0", currency),
              currency,
            })}
          </span>
        </div>
      )}
    </li>
  );
}
