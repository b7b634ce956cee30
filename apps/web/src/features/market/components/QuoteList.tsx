import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Quote } from "@brokerage/api";
import { useLiveQuote } from "../api/live";
import { useOpenStock } from "../api/openStock";
import { formatPrice, localName, percentText, signed, trendOf } from "../../../lib/quote";
import { Freshness } from "./Freshness";

/** One quote: name and code, live price and change, how fresh it is; tapping opens the detail. */
export function QuoteRow({ quote, actions }: { quote: Quote; actions?: (name: string) => ReactNode }) {
  const { i18n } = useTranslation();
  const open = useOpenStock();
  const live = useLiveQuote(quote) ?? quote;
  const name = localName(quote.details.names, i18n.language, quote.name);
  const trend = trendOf(live.gainValue);
  return (
    <li className="quote-row">
      <button
        type="button"
        className="quote-row__main"
        onClick={() => open({ symbol: quote.code, exchange: quote.exchange, market: quote.market })}
      >
        <span className="quote-row__id">
          <span className="quote-row__name">{name}</span>
          <span className="quote-row__meta">
            <span className="quote-row__code">{quote.code}</span>
            <Freshness compact timestamp={live.timestamp} />
          </span>
        </span>
        <span className={`quote-row__price trend--${trend}`}>
          {formatPrice(live.close)}
          <span className="quote-row__change">{signed(live.gainValue)}</span>
        </span>
        <span className={`quote-row__pct pct-pill pct-pill--${trend}`}>{percentText(live.gain)}</span>
      </button>
      {actions?.(name)}
    </li>
  );
}

/** The column header of quote lists, with the simulated-data note. */
export function QuoteListHeader({ simulated }: { simulated: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="quote-head" aria-hidden="true">
      <span className="quote-head__name">
        {t("market.columns.name")}
        {simulated && <span className="sim-badge">{t("market.simulated")}</span>}
      </span>
      <span className="quote-head__price">{t("market.columns.price")}</span>
      <span className="quote-head__pct">{t("market.columns.change")}</span>
    </div>
  );
}

export function QuoteList({
  quotes,
  label,
  busy,
  actions,
}: {
  quotes: Quote[];
  label: string;
  /** The rows are about to be replaced (a refetch, or another list's rows shown while this one loads). */
  busy?: boolean;
  actions?: (quote: Quote, name: string) => ReactNode;
}) {
  return (
    <>
      <QuoteListHeader simulated={quotes.some((q) => q.simulated)} />
      <ul className="quote-list" aria-label={label} aria-busy={busy}>
        {quotes.map((quote) => (
          <QuoteRow
            key={`${quote.exchange}:${quote.code}`}
            quote={quote}
            actions={actions ? (name) => actions(quote, name) : undefined}
          />
        ))}
      </ul>
    </>
  );
}
