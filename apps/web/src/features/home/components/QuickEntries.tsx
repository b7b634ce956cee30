import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/icons";
import { KEFU, useGo } from "../../../app/useGo";
import { titleKeyOf } from "../../../app/routes";
import { useReachable } from "../../../app/reachable";
import { QUICK_ENTRIES, quickEntryColumns } from "../entries";

/** The service shortcuts of the home screen whose targets are reachable, in a grid of even rows. */
export function QuickEntries() {
  const { t } = useTranslation();
  const go = useGo();
  const reachable = useReachable();
  const entries = QUICK_ENTRIES.filter((entry) => reachable(entry.to));
  const columns = { "--quick-entry-columns": quickEntryColumns(entries.length) } as CSSProperties;
  return (
    <section className="card quick-entries" aria-labelledby="home-services">
      <h2 id="home-services" className="visually-hidden">
        {t("home.services")}
      </h2>
      <ul className="quick-entries__grid" style={columns}>
        {entries.map((entry) => (
          <li key={entry.to}>
            <button type="button" className="quick-entries__item" onClick={() => go(entry.to)}>
              <span className={`quick-entries__icon quick-entries__icon--${entry.icon}`}>
                <Icon name={entry.icon} />
              </span>
              <span className="quick-entries__label">
                {entry.to === KEFU ? t("common.customerService") : t(titleKeyOf(entry.to))}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
