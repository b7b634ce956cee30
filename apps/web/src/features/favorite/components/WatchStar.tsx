import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/icons";
import { showSuccess } from "../../../lib/toast";
import { useToggleWatch, useWatchState, type WatchItem } from "../api/watchlist";

/**
 * The watchlist star: a toggle button named for what it does and for which instrument. It reads the
 * watched state itself (useWatchState) and is left out until that is known.
 */
export function WatchStar({ item, name, light = false }: { item: WatchItem; name: string; light?: boolean }) {
  const { t } = useTranslation();
  const toggle = useToggleWatch();
  const { watched, pending } = useWatchState(item);
  if (watched === undefined) return null;
  const onClick = () =>
    toggle.mutate(
      { item, watch: !watched },
      { onSuccess: () => showSuccess(t(watched ? "market.watchRemoved" : "market.watchAdded")) },
    );
  return (
    <button
      type="button"
      className={`icon-button watch-star${watched ? " watch-star--on" : ""}${light ? " icon-button--light" : ""}`}
      aria-label={t("market.watchToggle", { name })}
      aria-pressed={watched}
      disabled={pending}
      onClick={onClick}
    >
      <Icon name="star" fill={watched ? "currentColor" : "none"} />
    </button>
  );
}
