// The inventory's row and the P&L text, apart from the order row: neither needs the order actions (close,
// cancel, their confirmation sheet), so the home screen's holdings tab loads without them.
import { useTranslation } from "react-i18next";
import type { InventoryItem } from "@brokerage/api";
import { formatMoneySafe } from "../../../lib/money";
import { formatPrice } from "../../../lib/quote";
import { toneOf } from "../order";
import { PnlParts } from "./PnlSummary";
import { DirectionChip, RowMain } from "./RowMain";

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

/** One line of the inventory: an instrument and direction with its lots, average cost and P&L (net, gross). */
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
          <PnlParts pnlGross={item.pnlGross} costs={item.costs} currency={item.currency} />
        </span>
      </RowMain>
    </li>
  );
}
