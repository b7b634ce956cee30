import { useTranslation } from "react-i18next";
import type { Quote } from "@brokerage/api";
import { useFeedState } from "../api/live";
import { formatPrice, percentText, signed, trendOf } from "../../../lib/quote";
import { Freshness, SimulatedBadge } from "./Freshness";

/** The detail header: live price, change, trading status and how fresh the price is. */
export function QuoteHeader({ quote, name }: { quote: Quote; name: string }) {
  const { t } = useTranslation();
  const feed = useFeedState();
  const trend = trendOf(quote.gainValue);
  return (
    <section className={`card quote-header quote-header--${trend}`} aria-labelledby="quote-header-name">
      <div className="quote-header__title">
        <h2 id="quote-header-name" className="quote-header__name">
          {name}
        </h2>
        <span className="quote-header__code">
          {quote.code} · {quote.exchange} · {quote.currency}
        </span>
      </div>
      <div className="quote-header__main">
        <p className={`quote-header__price trend--${trend}`}>
          {/* An <output> is a status: it may carry a name, which a plain paragraph may not. */}
          <output aria-live="off" aria-label={t("market.lastPrice")}>
            {formatPrice(quote.close)}
          </output>
        </p>
        <p className={`quote-header__change trend--${trend}`}>
          <span>{signed(quote.gainValue)}</span>
          <span>{percentText(quote.gain)}</span>
        </p>
      </div>
      <div className="quote-header__status">
        <span className={`status-chip status-chip--${quote.status}`}>
          {t(`market.status.${quote.status}`)}
        </span>
        {quote.simulated && <SimulatedBadge />}
        <Freshness timestamp={quote.timestamp} />
        {quote.status !== "closed" && (
          <span className={`feed-state feed-state--${feed}`}>{t(`market.feed.${feed}`)}</span>
        )}
      </div>
    </section>
  );
}
