import { NavLink } from "react-router";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "../../components/icons";

const TABS: { to: string; label: string; icon: IconName }[] = [
  { to: "/home/index", label: "tabs.home", icon: "home" },
  { to: "/market/index", label: "tabs.quotes", icon: "quotes" },
  { to: "/trade/index", label: "tabs.trade", icon: "trade" },
  { to: "/home/newsList", label: "tabs.news", icon: "news" },
  { to: "/information/index", label: "tabs.account", icon: "user" },
];

/** The bottom tab bar of spec §2: five entries. */
export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label={t("common.mainNav")}>
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          replace
          className={({ isActive }) => `tab-bar__item${isActive ? " tab-bar__item--active" : ""}`}
        >
          <Icon name={tab.icon} className="tab-bar__icon" />
          <span className="tab-bar__label">{t(tab.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
