import Dialog from "antd-mobile/es/components/dialog";
import "../../../lib/imperative";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../../components/IconButton";
import { useClearHistory, useSearchHistory } from "../api/search";

/** The user's latest searches: tap one to search it again; clearing asks first. */
export function SearchHistory({ onPick }: { onPick: (keyword: string) => void }) {
  const { t } = useTranslation();
  const history = useSearchHistory();
  const clear = useClearHistory();
  if (!history.data) return null;
  const entries = history.data;
  const confirmClear = async () => {
    const ok = await Dialog.confirm({
      content: t("favorite.clearConfirm"),
      confirmText: t("favorite.clear"),
      cancelText: t("favorite.cancel"),
    });
    if (ok) clear.mutate();
  };
  return (
    <section className="card search-history" aria-labelledby="search-history-title">
      <div className="card__head">
        <h2 id="search-history-title" className="card__title">
          {t("favorite.history")}
        </h2>
        {entries.length > 0 && (
          <IconButton icon="trash" label={t("favorite.clearHistory")} onClick={() => void confirmClear()} />
        )}
      </div>
      {entries.length === 0 ? (
        <p className="footnote">{t("favorite.historyEmpty")}</p>
      ) : (
        <ul className="search-history__list">
          {entries.map((entry) => (
            <li key={entry.keyword}>
              <button type="button" className="history-chip" onClick={() => onPick(entry.keyword)}>
                {entry.keyword}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
