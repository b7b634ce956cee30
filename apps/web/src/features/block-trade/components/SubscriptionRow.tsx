import { useTranslation } from "react-i18next";
import type { BlockTradeSubscription } from "@brokerage/api";
import { formatDateTime, pluralOf, sharesText } from "../../../lib/format";
import { formatMoneySafe } from "../../../lib/money";
import { money, quantityText } from "@brokerage/core";
import { formatPrice } from "../../../lib/quote";
import { PnlText, RowMain, useOpenPosition } from "../../trade";

/**
 * One subscription: the instrument, its state (under review, open — locked until —, closed, declined with
 * the reason), the shares at the offer's price and what was held. Tapping opens the order's detail.
 */
export function SubscriptionRow({ subscription: s }: { subscription: BlockTradeSubscription }) {
  const { t } = useTranslation();
  const openPosition = useOpenPosition();
  const held = money(s.margin).plus(s.openFee).toFixed();
  return (
    <li className="trade-row">
      <RowMain
        name={s.name}
        code={s.symbol}
        chip={<span className={`block-chip block-chip--${s.state}`}>{t(`trade.state.${s.state}`)}</span>}
        label={t("trade.detailOf", { name: s.name, code: s.symbol })}
        onOpen={() => openPosition(s.id)}
      >
        <span className="trade-row__grid">
          <span>
            {t("blockTrade.sharesCount", {
              count: pluralOf(quantityText(s.quantity)),
              shares: sharesText(quantityText(s.quantity)),
            })}
          </span>
          <span>
            {t("blockTrade.offerPrice")} {formatPrice(s.offerPrice)}
          </span>
          <span>
            {t("blockTrade.held")} {formatMoneySafe(held)} {s.currency}
          </span>
          <span>{formatDateTime(new Date(s.createdAt))}</span>
        </span>
        {s.lockedUntil && s.state === "open" && (
          <span className="trade-row__locked">
            {t("trade.lockedUntil", { until: formatDateTime(new Date(s.lockedUntil)) })}
          </span>
        )}
        {(s.state === "open" || s.state === "closed") && (
          <span className="trade-row__pnl">
            {t("trade.pnl")} <PnlText pnl={s.pnl} rate={s.returnRate} currency={s.currency} />
          </span>
        )}
        {s.state === "declined" && s.declineReason && (
          <span className="block-row__reason">
            {t("blockTrade.declineReason", { reason: s.declineReason })}
          </span>
        )}
      </RowMain>
    </li>
  );
}
