import { useTranslation } from "react-i18next";
import type { OrderDirection, OrderPreview, TradeTerms } from "@brokerage/api";
import { Field } from "../../../components/Field";
import { formatPrice } from "../../../lib/quote";
import { formatAmount } from "../../records";
import { stopOutcome } from "../order";

const signed = (value: string, currency: string) =>
  (value.startsWith("-") ? "" : "+") + formatAmount(value, currency);

/**
 * The order's optional stop-loss and take-profit, as prices in the quote currency, each with what it would
 * lock in once the draft is priced: the P&L net of every cost (the opening and the closing charges), the
 * P&L on the price and the costs beside it; or on which side of the price it belongs.
 */
export function StopFields({
  direction,
  preview,
  terms,
  stopLoss,
  takeProfit,
  onStopLoss,
  onTakeProfit,
}: {
  direction: OrderDirection;
  preview: OrderPreview | undefined;
  terms: TradeTerms | undefined;
  stopLoss: string;
  takeProfit: string;
  onStopLoss: (value: string) => void;
  onTakeProfit: (value: string) => void;
}) {
  const { t } = useTranslation();
  const currency = preview?.currency ?? terms?.currency;
  const hint = (which: "stopLoss" | "takeProfit", value: string) => {
    if (!preview) return value.trim() === "" ? t("trade.stopHint.empty") : undefined;
    const outcome = stopOutcome(
      {
        direction,
        price: preview.price,
        quantity: preview.quantity,
        currency: preview.currency,
        fee: preview.fee,
      },
      which,
      value,
      terms,
      preview.closeCharges,
    );
    if (outcome === null) return t("trade.stopHint.empty");
    if (outcome.kind === "wrongSide")
      return t(`trade.stopHint.${outcome.side}`, { price: formatPrice(preview.price) });
    return t("trade.stopHint.result", {
      net: signed(outcome.net, preview.currency),
      gross: signed(outcome.gross, preview.currency),
      costs: formatAmount(outcome.costs, preview.currency),
      currency: preview.currency,
    });
  };
  return (
    <div className="trade-form__stops">
      <Field
        label={t("trade.stopLoss")}
        name="stopLoss"
        inputMode="text"
        unit={currency}
        value={stopLoss}
        onChange={onStopLoss}
        hint={hint("stopLoss", stopLoss)}
      />
      <Field
        label={t("trade.takeProfit")}
        name="takeProfit"
        inputMode="text"
        unit={currency}
        value={takeProfit}
        onChange={onTakeProfit}
        hint={hint("takeProfit", takeProfit)}
      />
    </div>
  );
}
