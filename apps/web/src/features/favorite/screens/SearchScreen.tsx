import "../../market/market.css";
import "../favorite.css";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { EmptyState } from "../../../components/EmptyState";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { Icon } from "../../../components/icons";
import { useOpenStock } from "../../market";
import { localName } from "../../../lib/quote";
import { useSearch, type SearchResult } from "../api/search";
import { WatchStar } from "../components/WatchStar";
import { SearchHistory } from "../components/SearchHistory";

function ResultRow({ result }: { result: SearchResult }) {
  const { t, i18n } = useTranslation();
  const open = useOpenStock();
  const name = localName(result.names, i18n.language, result.name);
  const item = { symbol: result.code, exchange: result.exchange };
  return (
    <li className="result-row">
      <button
        type="button"
        className="result-row__main"
        onClick={() => open({ ...item, market: result.market })}
      >
        <span className="result-row__name">{name}</span>
        <span className="result-row__meta">
          {result.code} · {result.exchange} · {t(`market.marketCodes.${result.market}`)}
        </span>
      </button>
      <WatchStar item={item} name={name} />
    </li>
  );
}

/** /favorite/search: by code or by name in any language, with the search history. */
export default function SearchScreen() {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState("");
  const [keyword, setKeyword] = useState("");
  const search = useSearch();
  const searchFor = (next: string) => {
    setKeyword(next);
    if (next) search.mutate(next);
  };
  const results = {
    isPending: search.isPending || search.isIdle,
    data: search.data,
    refetch: () => searchFor(keyword),
  };

  const run = (value: string) => {
    const next = value.trim().slice(0, 40);
    setText(next);
    searchFor(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(text);
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
          maxLength={40}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="search-box__submit" disabled={!text.trim()}>
          {t("favorite.searchButton")}
        </button>
      </form>
      {keyword && (
        <section className="card" aria-labelledby="search-results-title">
          <h2 id="search-results-title" className="card__title">
            {t("favorite.results", { keyword })}
          </h2>
          <QueryView
            query={results}
            isEmpty={isEmptyList}
            empty={<EmptyState text={t("favorite.noResults")} />}
          >
            {(results) => (
              <ul className="result-list">
                {results.map((result) => (
                  <ResultRow key={`${result.exchange}:${result.code}`} result={result} />
                ))}
              </ul>
            )}
          </QueryView>
        </section>
      )}
      <SearchHistory onPick={run} />
    </Screen>
  );
}
