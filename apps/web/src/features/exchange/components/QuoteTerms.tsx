import { useTranslation } from "react-i18next";
import type { ExchangeQuote } from "@brokerage/api";
import { formatMoneySafe } from "../../../lib/money";
import { formatPercent, formatRate } from "../../../lib/currency";

/** Every term of a quote, disclosed before the user confirms: pay, rate, mid rate and spread, fee, receive. */
export function QuoteTerms({ quote }: { quote: ExchangeQuote }) {
  const { t } = useTranslation();
  const { from, to } = quote;
  return (
    <dl className="quote-terms">
      <div>
        <dt>{t("exchange.youPay")}</dt>
        <dd>
          {formatMoneySafe(quote.amount)} {from}
        </dd>
      </div>
      <div>
        <dt>{t("exchange.rate")}</dt>
        <dd>{t("exchange.rateValue", { from, to, rate: formatRate(quote.rate) })}</dd>
      </div>
      <div>
        <dt>{t("exchange.spread")}</dt>
        <dd>
          {t("exchange.spreadValue", { spread: formatPercent(quote.spread), mid: formatRate(quote.midRate) })}
        </dd>
      </div>
      <div>
        <dt>{t("exchange.fee")}</dt>
        <dd>
          {formatMoneySafe(quote.fee)} {from} ({formatPercent(quote.feeRate)})
        </dd>
      </div>
      <div className="quote-terms__receive">
        <dt>{t("exchange.youReceive")}</dt>
        <dd>
          {formatMoneySafe(quote.receive)} {to}
        </dd>
      </div>
    </dl>
  );
}
