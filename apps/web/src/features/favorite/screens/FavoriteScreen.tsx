import "../../market/market.css";
import "../favorite.css";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { IconButton } from "../../../components/IconButton";
import { useGo } from "../../../app/useGo";
import { useWatchlist } from "../api/watchlist";
import { WatchlistView } from "../components/WatchlistView";

/** /favorite/index: the watchlist; Edit reorders and removes. */
export default function FavoriteScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const [editing, setEditing] = useState(false);
  const count = useWatchlist().data?.length ?? 0;
  return (
    <Screen
      title={t("title.favorite.index")}
      className="favorite"
      right={
        count > 0 ? (
          <button type="button" className="text-button" onClick={() => setEditing((e) => !e)}>
            {editing ? t("favorite.done") : t("favorite.edit")}
          </button>
        ) : (
          <IconButton icon="search" label={t("home.search")} onClick={() => go("/favorite/search")} />
        )
      }
    >
      <WatchlistView editing={editing} />
    </Screen>
  );
}
