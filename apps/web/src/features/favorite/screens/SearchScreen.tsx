import "../../market/market.css";
import "../favorite.css";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { EmptyState } from "../../../components/EmptyState";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { Icon } from "../../../components/icons";
import { useOpenStock } from "../../market";
import { formatPrice, localName, percentText, trendOf } from "../../../lib/quote";
import { useDebounced } from "../../../lib/useDebounced";
import { useSearch, useSearchResults, type SearchResult } from "../api/search";
import { WatchStar } from "../components/WatchStar";
import { SearchHistory } from "../components/SearchHistory";

/** Results follow the typing once it pauses this long. */
const TYPING_PAUSE_MS = 250;
const KEYWORD_MAX = 40;

function ResultRow({ result, onOpen }: { result: SearchResult; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const open = useOpenStock();
  const name = localName(result.names, i18n.language, result.name);
  const item = { symbol: result.code, exchange: result.exchange };
  const trend = result.gain === null ? "flat" : trendOf(result.gain);
  return (
    <li className="result-row">
      <button
        type="button"
        className="result-row__main"
        onClick={() => {
          onOpen();
          open({ ...item, market: result.market });
        }}
      >
        <span className="result-row__name">{name}</span>
        <span className="result-row__meta">
          {result.code} · {result.exchange} · {t(`market.marketCodes.${result.market}`)}
        </span>
      </button>
      <span className={`result-row__quote trend--${trend}`}>
        {result.price === null ? (
          <span className="result-row__price">—</span>
        ) : (
          <>
            <span className="result-row__price">
              {formatPrice(result.price)}
              {result.currency && <span className="result-row__currency"> {result.currency}</span>}
            </span>
            {result.gain !== null && <span className="result-row__gain">{percentText(result.gain)}</span>}
          </>
        )}
      </span>
      <WatchStar item={item} name={name} />
    </li>
  );
}

/**
 * /favorite/search: by code or by name in any language, results with their price and change as the user
 * types; the search history keeps what the user submits or opens a result of.
 */
export default function SearchScreen() {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState("");
  const keyword = useDebounced(text.trim().slice(0, KEYWORD_MAX), TYPING_PAUSE_MS);
  const results = useSearchResults(keyword);
  const remember = useSearch();

  const keep = (value: string) => {
    const next = value.trim().slice(0, KEYWORD_MAX);
    if (next) remember.mutate(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    keep(text);
  };
  const pick = (value: string) => {
    setText(value);
    keep(value);
  };

  return (
    <Screen title={t("title.favorite.search")} className="search">
      <form role="search" className="search-box card" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t("favorite.searchLabel")}
        </label>
        <Icon name="search" className="search-box__icon" />
        <input
          id={inputId}
          type="search"
          enterKeyHint="search"
          className="search-box__input"
          placeholder={t("favorite.searchPlaceholder")}
          value={text}
          maxLength={KEYWORD_MAX}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="search-box__submit" disabled={!text.trim()}>
          {t("favorite.searchButton")}
        </button>
      </form>
      {keyword && (
        <section
          className="card"
          aria-labelledby="search-results-title"
          aria-busy={results.isFetching}
          aria-live="polite"
        >
          <h2 id="search-results-title" className="card__title">
            {t("favorite.results", { keyword })}
          </h2>
          <QueryView
            query={results}
            isEmpty={isEmptyList}
            empty={<EmptyState text={t("favorite.noResults")} />}
          >
            {(list) => (
              <ul className="result-list">
                {list.map((result) => (
                  <ResultRow
                    key={`${result.exchange}:${result.code}`}
                    result={result}
                    onOpen={() => keep(keyword)}
                  />
                ))}
              </ul>
            )}
          </QueryView>
        </section>
      )}
      <SearchHistory onPick={pick} />
    </Screen>
  );
}
