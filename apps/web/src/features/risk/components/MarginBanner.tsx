import "../risk.css";
import { useTranslation } from "react-i18next";
import { formatPrice } from "../../../lib/quote";
import { useMarginStatus } from "../api/risk";

const percentOf = (fraction: string) => `${(Number(fraction) * 100).toFixed(0)}%`;

/**
 * The margin-call ladder on the trade screen: while a leveraged position is at a warning level, a banner
 * with its margin level and the close-out level; and, whenever the user holds leveraged positions, the
 * order in which they would be closed out (nearest first), stated before any close-out comes.
 */
export function MarginBanner() {
  const { t } = useTranslation();
  const status = useMarginStatus().data;
  if (!status || status.positions.length === 0) return null;
  const warned = status.positions.filter((p) => p.warnedLevel !== null);
  return (
    <section className="card risk-margin" aria-label={t("risk.marginTitle")}>
      {warned.map((p) => (
        <p key={p.orderId} role="alert" className="risk-margin__alert">
          {t("risk.marginAlert", {
            orderNo: p.orderNo,
            symbol: p.symbol,
            level: p.marginLevel === null ? "—" : percentOf(p.marginLevel),
            closeOut: percentOf(status.closeOut),
          })}
        </p>
      ))}
      <p className="risk-margin__lead">
        {t("risk.closeOrder", {
          levels: status.levels.map(percentOf).join(", "),
          closeOut: percentOf(status.closeOut),
        })}
      </p>
      <ol className="risk-margin__order" aria-label={t("risk.closeOrderList")}>
        {status.positions.map((p) => (
          <li key={p.orderId}>
            {t("risk.closeOrderItem", {
              orderNo: p.orderNo,
              symbol: p.symbol,
              price: formatPrice(p.closeOutPrice),
              level: p.marginLevel === null ? "—" : percentOf(p.marginLevel),
            })}
          </li>
        ))}
      </ol>
    </section>
  );
}
