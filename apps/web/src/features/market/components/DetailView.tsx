import { useMemo } from "react";
import { Link, useNavigate } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { EmptyState } from "../../../components/EmptyState";
import { QueryView } from "../../../components/QueryView";
import { AlertBell } from "../../alerts";
import { WatchStar } from "../../favorite";
import { useQuote } from "../api/market";
import { useLiveQuote } from "../api/live";
import { MARKET_BUY_KEY, localName, readStockRef, saveStockRef, type StockRef } from "../../../lib/quote";
import { QuoteHeader } from "./QuoteHeader";
import { ChartPanel } from "./ChartPanel";
import { StockFields } from "./StockFields";

/** The buy entry point: the order form (/market/marketBuy) reads the stock and the direction from storage. */
function BuyBar({ stock }: { stock: StockRef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const buy = (direction: "long" | "short") => {
    saveStockRef(stock);
    window.localStorage.setItem(MARKET_BUY_KEY, JSON.stringify({ ...stock, direction }));
    navigate("/market/marketBuy");
  };
  return (
    <div className="buy-bar">
      <Button className="buy-bar__long" onClick={() => buy("long")}>
        {t("market.buyLong")}
      </Button>
      <Button className="buy-bar__short" onClick={() => buy("short")}>
        {t("market.sellShort")}
      </Button>
    </div>
  );
}

/** /market/stockDetail and /market/stockDetailzs: one instrument (or index) from local storage. */
export function DetailView({ index }: { index: boolean }) {
  const { t, i18n } = useTranslation();
  const stock = useMemo(() => readStockRef(), []);
  const quote = useQuote(stock?.symbol, stock?.exchange);
  const live = useLiveQuote(quote.data);
  const isIndex = index || quote.data?.details.kind === "index";
  const title = t(index ? "title.market.stockDetailzs" : "title.market.stockDetail");
  const name = quote.data ? localName(quote.data.details.names, i18n.language, quote.data.name) : "";

  if (!stock)
    return (
      <Screen title={title}>
        <section className="card">
          <EmptyState text={t("market.noStock")} />
          <p className="footnote">
            <Link to="/favorite/search">{t("market.searchLink")}</Link>
          </p>
        </section>
      </Screen>
    );

  const actions =
    !isIndex && live ? (
      <span className="alert-actions">
        <AlertBell
          stock={{
            symbol: stock.symbol,
            exchange: stock.exchange,
            name,
            currency: live.currency,
            price: live.close,
          }}
        />
        <WatchStar item={{ symbol: stock.symbol, exchange: stock.exchange }} name={name} />
      </span>
    ) : undefined;

  return (
    <Screen title={title} right={actions} className={`detail${isIndex ? "" : " detail--tradable"}`}>
      <QueryView query={{ ...quote, data: live }}>
        {(current) => (
          <>
            <QuoteHeader quote={current} name={name} />
            <ChartPanel
              stock={stock}
              name={name}
              liveClose={current.close}
              liveAt={current.timestamp}
              prevClose={current.prev_close}
              adjustable={!isIndex}
              timeZone={current.details.timeZone}
            />
            <StockFields quote={current} />
            {!isIndex && <BuyBar stock={stock} />}
          </>
        )}
      </QueryView>
    </Screen>
  );
}
