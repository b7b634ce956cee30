import "../account.css";
import { useTranslation } from "react-i18next";
import { SectionCard } from "../../../components/SectionCard";
import { ErrorState } from "../../../components/ErrorState";
import { MenuList } from "../../../components/MenuList";
import { Icon } from "../../../components/icons";
import { TopBar } from "../../../components/TopBar";
import { useGo } from "../../../app/useGo";
import { titleKeyOf } from "../../../app/routes";
import { displayName, useUserInfo } from "../api/userInfo";
import type { IconName } from "../../../components/icons";

const SERVICES: [string, IconName][] = [
  ["/information/authInfo", "shield"],
  ["/information/bankList", "card"],
  ["/information/usdtAddress", "wallet"],
  ["/information/fundRecord", "records"],
  ["/information/exChange", "exchange"],
];
const HELP: [string, IconName][] = [
  ["/information/setting", "settings"],
  ["/information/aqSet", "lock"],
  ["kefu", "kefu"],
  ["/information/aboutUs", "info"],
];

/** /information/index: the account centre. Balances arrive with the ledger issue: no numbers until then. */
export default function AccountScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const user = useUserInfo();
  const label = (to: string) => (to === "kefu" ? t("common.customerService") : t(titleKeyOf(to)));
  const menu = (rows: [string, IconName][]) =>
    rows.map(([to, icon]) => ({ key: to, label: label(to), icon, onSelect: () => go(to) }));

  return (
    <div className="screen">
      <TopBar title={t("title.information.index")} back={false} />
      <main className="screen__body">
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
        <SectionCard title={t("account.assets")} />
        <h2 className="section-title">{t("account.services")}</h2>
        <MenuList items={menu(SERVICES)} />
        <h2 className="section-title">{t("account.help")}</h2>
        <MenuList items={menu(HELP)} />
      </main>
    </div>
  );
}
