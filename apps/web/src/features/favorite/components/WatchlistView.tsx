import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Quote } from "@brokerage/api";
import { EmptyState } from "../../../components/EmptyState";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { IconButton } from "../../../components/IconButton";
import { QuoteList } from "../../market";
import { Refreshable } from "../../../components/Refreshable";
import { useReorderWatchlist, useToggleWatch, useWatchlist } from "../api/watchlist";

function EditActions({ quotes, quote, name }: { quotes: Quote[]; quote: Quote; name: string }) {
  const { t } = useTranslation();
  const reorder = useReorderWatchlist();
  const toggle = useToggleWatch();
  const at = quotes.indexOf(quote);
  const move = (step: number) => {
    const next = [...quotes];
    next.splice(at, 1);
    next.splice(at + step, 0, quote);
    reorder.mutate(next);
  };
  return (
    <span className="watch-edit">
      {at > 0 && (
        <IconButton icon="arrowUp" label={t("favorite.moveUp", { name })} onClick={() => move(-1)} />
      )}
      {at < quotes.length - 1 && (
        <IconButton icon="arrowDown" label={t("favorite.moveDown", { name })} onClick={() => move(1)} />
      )}
      <IconButton
        icon="trash"
        className="watch-edit__remove"
        label={t("favorite.remove", { name })}
        onClick={() =>
          toggle.mutate({ item: { symbol: quote.code, exchange: quote.exchange }, watch: false })
        }
      />
    </span>
  );
}

/** The watchlist with live prices; in edit mode each row can move up or down or be removed. */
export function WatchlistView({ editing = false }: { editing?: boolean }) {
  const { t } = useTranslation();
  const list = useWatchlist();
  const label = t("title.favorite.index");
  return (
    <Refreshable onRefresh={() => list.refetch()}>
      <section className="card board-list" aria-label={label}>
        <QueryView
          query={list}
          isEmpty={isEmptyList}
          empty={
            <>
              <EmptyState text={t("favorite.empty")} />
              <p className="footnote watch-empty">
                <Link to="/favorite/search">{t("favorite.addStocks")}</Link>
              </p>
            </>
          }
        >
          {(quotes) => (
            <QuoteList
              quotes={quotes}
              label={label}
              actions={
                editing
                  ? (quote, name) => <EditActions quotes={quotes} quote={quote} name={name} />
                  : undefined
              }
            />
          )}
        </QueryView>
      </section>
    </Refreshable>
  );
}
