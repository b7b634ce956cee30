import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "../../../components/icons";
import { useGo } from "../../../app/useGo";
import { titleKeyOf } from "../../../app/routes";

/** Shortcuts to the services of spec §1; each label is its screen's own title. */
const ENTRIES: { to: string; icon: IconName }[] = [
  { to: "/information/recharge", icon: "deposit" },
  { to: "/information/cashOut", icon: "withdraw" },
  { to: "/home/newStock", icon: "ipo" },
  { to: "/home/dayTrading", icon: "dayTrade" },
  { to: "/home/fllow", icon: "follow" },
  { to: "/home/loan", icon: "loan" },
  { to: "/home/loanJq", icon: "lending" },
  { to: "kefu", icon: "kefu" },
];

export function QuickEntries() {
  const { t } = useTranslation();
  const go = useGo();
  return (
    <section className="card quick-entries" aria-labelledby="home-services">
      <h2 id="home-services" className="visually-hidden">
        {t("home.services")}
      </h2>
      <ul className="quick-entries__grid">
        {ENTRIES.map((entry) => (
          <li key={entry.to}>
            <button type="button" className="quick-entries__item" onClick={() => go(entry.to)}>
              <span className={`quick-entries__icon quick-entries__icon--${entry.icon}`}>
                <Icon name={entry.icon} />
              </span>
              <span className="quick-entries__label">
                {entry.to === "kefu" ? t("common.customerService") : t(titleKeyOf(entry.to))}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
