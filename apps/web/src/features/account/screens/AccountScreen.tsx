import "../account.css";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState";
import { MenuList } from "../../../components/MenuList";
import { Icon } from "../../../components/icons";
import { TopBar } from "../../../components/TopBar";
import { KEFU, useGo } from "../../../app/useGo";
import { useReachable } from "../../../app/reachable";
import { titleKeyOf } from "../../../app/routes";
import { Refreshable } from "../../../components/Refreshable";
import { displayName, useUserInfo } from "../api/userInfo";
import { useAccountOverview, useDisplayCurrency } from "../api/overview";
import { AssetsCard } from "../components/AssetsCard";
import type { IconName } from "../../../components/icons";

/** The money actions right under the totals. */
const ACTIONS: [string, IconName][] = [
  ["/information/recharge", "deposit"],
  ["/information/cashOut", "withdraw"],
  ["/information/exChange", "exchange"],
  ["/information/fundRecord", "records"],
];
const SERVICES: [string, IconName][] = [
  ["/information/portfolio", "chart"],
  ["/information/settled", "doc"],
  ["/information/fundRecord", "records"],
  ["/information/proof", "shield"],
  ["/information/exChange", "exchange"],
  ["/information/bankList", "card"],
  ["/information/usdtAddress", "wallet"],
  ["/information/authInfo", "shield"],
  ["/information/seat", "building"],
];
const HELP: [string, IconName][] = [
  ["/information/setting", "settings"],
  ["/information/aqSet", "lock"],
  [KEFU, "kefu"],
  ["/information/aboutUs", "info"],
];

/**
 * /information/index: the account centre (spec §2). Total assets, available, profit and frozen funds in
 * USD or Thai baht (spec §1), the other wallets one tap away; deposit, withdraw, exchange and records;
 * cards, KYC and settings. Pull to refresh.
 */
export default function AccountScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const user = useUserInfo();
  const [currency, setCurrency] = useDisplayCurrency();
  const overview = useAccountOverview(currency);
  const reachable = useReachable();
  const label = (to: string) => (to === KEFU ? t("common.customerService") : t(titleKeyOf(to)));
  // A row shows while its target is reachable: customer service only with a configured link.
  const menu = (rows: [string, IconName][]) =>
    rows
      .filter(([to]) => reachable(to))
      .map(([to, icon]) => ({ key: to, label: label(to), icon, onSelect: () => go(to) }));

  return (
    <div className="screen">
      <TopBar title={t("title.information.index")} back={false} />
      <main className="screen__body">
        <Refreshable onRefresh={() => Promise.all([overview.refetch(), user.refetch()])}>
          <div className="account-centre">
            <section className="profile card card--brand" aria-label={t("tabs.account")}>
              <span className="profile__avatar">
                <Icon name="user" />
              </span>
              <div className="profile__text">
                <p className="profile__name">{displayName(user.data)}</p>
                {user.data && (
                  <p className="profile__meta">
                    <span className={`badge badge--${user.data.kycStatus}`}>
                      {t(`account.kyc.${user.data.kycStatus}`)}
                    </span>
                  </p>
                )}
              </div>
            </section>
            {user.isError && <ErrorState onRetry={() => void user.refetch()} />}
            <AssetsCard overview={overview} currency={currency} onCurrency={setCurrency} />
            <nav className="money-actions card" aria-label={t("accountCentre.actions")}>
              {ACTIONS.map(([to, icon]) => (
                <button key={to} type="button" className="money-actions__item" onClick={() => go(to)}>
                  <span className="money-actions__icon">
                    <Icon name={icon} />
                  </span>
                  {t(`accountCentre.action.${to.split("/").pop() ?? ""}`)}
                </button>
              ))}
            </nav>
            <h2 className="section-title">{t("account.services")}</h2>
            <MenuList items={menu(SERVICES)} />
            <h2 className="section-title">{t("account.help")}</h2>
            <MenuList items={menu(HELP)} />
          </div>
        </Refreshable>
      </main>
    </div>
  );
}
