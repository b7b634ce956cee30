import { useTranslation } from "react-i18next";
import { useNow } from "../api/live";
import { formatDateTime, formatZoneOffset } from "../../../lib/format";

/**
 * How fresh a price is: "Updated 3 s ago" while recent, else the instant of the last price (a closed
 * market's close). `compact` for list rows.
 */
export function Freshness({ timestamp, compact = false }: { timestamp: string; compact?: boolean }) {
  const { t } = useTranslation();
  const now = useNow();
  const at = Date.parse(timestamp);
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  const scope = compact ? "market.freshShort" : "market.fresh";
  let text: string;
  if (Number.isNaN(at)) text = "—";
  else if (seconds < 60) text = t(`${scope}.seconds`, { count: seconds });
  else if (seconds < 3600) text = t(`${scope}.minutes`, { count: Math.floor(seconds / 60) });
  else {
    // To the minute, with the zone it is in ("12.03 10:00 UTC"): an old quote's time names its zone too.
    const time = formatDateTime(new Date(at));
    const zone = formatZoneOffset(undefined, new Date(at));
    text = compact
      ? `${time.slice(5, 16)} ${zone}`
      : t("market.fresh.asOf", { time: `${time.slice(0, 16)} ${zone}` });
  }
  return (
    <time className={`freshness${seconds < 60 ? " freshness--live" : ""}`} dateTime={timestamp}>
      {text}
    </time>
  );
}

export function SimulatedBadge() {
  const { t } = useTranslation();
  return <span className="sim-badge">{t("market.simulated")}</span>;
}
