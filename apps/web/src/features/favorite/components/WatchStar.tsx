import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/icons";
import { showSuccess } from "../../../lib/toast";
import { useToggleWatch, type WatchItem } from "../api/watchlist";

/** The watchlist star: a toggle button named for what it does and for which instrument. */
export function WatchStar({
  item,
  name,
  watched,
  light = false,
}: {
  item: WatchItem;
  name: string;
  watched: boolean;
  light?: boolean;
}) {
  const { t } = useTranslation();
  const toggle = useToggleWatch();
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
      disabled={toggle.isPending}
      onClick={onClick}
    >
      <Icon name="star" fill={watched ? "currentColor" : "none"} />
    </button>
  );
}
