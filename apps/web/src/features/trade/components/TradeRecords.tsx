import "../../records/records.css";
import { useTranslation } from "react-i18next";
import type { TradeOrder } from "@brokerage/api";
import { money } from "@brokerage/core";
import { QueryView } from "../../../components/QueryView";
import { RecordItem, formatSigned } from "../../records";
import { useTradeRecords } from "../api/trade";

/**
 * A closed position's own fund records (every posting booked under its reference) and what they add up to
 * on the available balance: its net P&L to the cent, which the line under them says.
 */
export function TradeRecords({ order }: { order: Pick<TradeOrder, "id" | "state" | "currency" | "pnl"> }) {
  const { t } = useTranslation();
  const records = useTradeRecords(order.id, order.state === "closed");
  if (order.state !== "closed") return null;
  return (
    <section className="card trade-records" aria-labelledby="trade-records-title">
      <h2 id="trade-records-title" className="card__title">
        {t("trade.records.title")}
      </h2>
      <QueryView query={records}>
        {(page) => {
          const available = page.items.filter((r) => r.account === "available");
          const total = available.reduce((sum, r) => sum.plus(r.amount), money(0)).toFixed(2);
          return (
            <>
              <ul className="records" aria-label={t("trade.records.title")}>
                {page.items.map((record) => (
                  <RecordItem key={record.id} record={record} />
                ))}
              </ul>
              <p className="trade-records__total">
                {t(total === order.pnl ? "trade.records.agree" : "trade.records.total", {
                  total: `${formatSigned(total, order.currency)} ${order.currency}`,
                })}
              </p>
            </>
          );
        }}
      </QueryView>
    </section>
  );
}
