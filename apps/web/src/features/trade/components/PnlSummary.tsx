import { useTranslation } from "react-i18next";
import type { TradeOrder } from "@brokerage/api";
import { money } from "@brokerage/core";
import { formatMoneySafe } from "../../../lib/money";
import { toneOf } from "../order";

/** A gain with its plus, a loss with its minus, zero unsigned. */
const signed = (value: string) =>
  (value.startsWith("-") || !/[1-9]/.test(value) ? "" : "+") + formatMoneySafe(value);

/**
 * A position's P&L as DESIGN §5a has it: net of every cost paid, large, with its return on the margin;
 * under it what the price move made before costs, the costs paid (opening, and once closed closing fees
 * and taxes) and what negative balance protection bore. An open position's closing charges are paid at
 * the close, and the note says so. Nothing for an order that never opened.
 */
export function PnlSummary({
  order,
  pnl,
  pnlGross,
  returnRate,
}: {
  order: Pick<TradeOrder, "state" | "currency" | "costs" | "protection">;
  pnl: string | null;
  pnlGross: string | null;
  returnRate: string | null;
}) {
  const { t } = useTranslation();
  if (pnl === null || pnlGross === null || order.costs === null) return null;
  const closed = order.state === "closed";
  const protection = order.protection !== null && !money(order.protection).isZero() ? order.protection : null;
  const cash = (value: string) => `${value} ${order.currency}`;
  return (
    <section className="pnl-summary" aria-label={t("trade.pnlSummary.title")}>
      <p className="pnl-summary__label">
        {t(closed ? "trade.pnlSummary.realised" : "trade.pnlSummary.unrealised")}
      </p>
      <p className={`pnl-summary__net trend--${toneOf(pnl)}`}>
        {cash(signed(pnl))}
        {returnRate !== null && <span className="pnl-summary__rate"> ({signed(returnRate)}%)</span>}
      </p>
      <dl className="pnl-summary__parts">
        <div>
          <dt>{t("trade.pnlSummary.gross")}</dt>
          <dd className={`trend--${toneOf(pnlGross)}`}>{cash(signed(pnlGross))}</dd>
        </div>
        <div>
          <dt>{t("trade.pnlSummary.costs")}</dt>
          <dd>{cash(formatMoneySafe(money(order.costs).negated().toFixed()))}</dd>
        </div>
        {protection !== null && (
          <div>
            <dt>{t("trade.pnlSummary.protection")}</dt>
            <dd>{cash(signed(protection))}</dd>
          </div>
        )}
      </dl>
      <p className="pnl-summary__note">
        {t(closed ? "trade.pnlSummary.closedNote" : "trade.pnlSummary.openNote")}
      </p>
    </section>
  );
}

/** A list row's small print under its P&L: before costs, and the costs paid. */
export function PnlParts({
  pnlGross,
  costs,
  currency,
}: {
  pnlGross: string | null;
  costs: string | null;
  currency: string;
}) {
  const { t } = useTranslation();
  if (pnlGross === null || costs === null) return null;
  return (
    <span className="trade-row__pnl-parts">
      {t("trade.pnlParts", { gross: signed(pnlGross), costs: formatMoneySafe(costs), currency })}
    </span>
  );
}
