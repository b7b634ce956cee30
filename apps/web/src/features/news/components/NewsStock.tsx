import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useQuote, useOpenStock } from "../../market";
import { formatPrice, localName, percentText, trendOf } from "../../../lib/quote";

/**
 * The instrument a stock article is about, with its current price, opening its stock detail. An article
 * names its instrument by symbol only (unique across markets); the stock detail reads the exchange and the
 * market too (spec §2, from local storage), so the quote is read first and the button waits for it.
 */
export function NewsStock({ symbol, name }: { symbol: string; name: string | null }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const open = useOpenStock();
  const quote = useQuote(symbol).data;
  const shown = quote ? localName(quote.details.names, i18n.language, name ?? quote.name) : (name ?? symbol);
  const trend = quote ? trendOf(quote.gainValue) : "flat";
  return (
    <button
      type="button"
      className="news-stock"
      aria-label={t("news.quoteOf", { name: shown, code: symbol })}
      aria-describedby={quote ? id : undefined}
      disabled={!quote}
      onClick={() => quote && open({ symbol: quote.code, exchange: quote.exchange, market: quote.market })}
    >
      <span className="news-stock__id">
        <span className="news-stock__name">{shown}</span>
        <span className="news-stock__code">{symbol}</span>
      </span>
      {quote && (
        <span id={id} className={`news-stock__price trend--${trend}`}>
          {formatPrice(quote.close)} {percentText(quote.gain)}
        </span>
      )}
      <span className="news-stock__go" aria-hidden="true">
        ›
      </span>
    </button>
  );
}
