import "../account.css";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "@brokerage/api/constants";
import { Screen } from "../../../components/Screen";
import { MenuList } from "../../../components/MenuList";
import { useGo } from "../../../app/useGo";
import { getAccount, getLangCode } from "../../../lib/storage";
import { maskAccount } from "../../security";
import { useUserInfo } from "../api/userInfo";

/**
 * /information/setting (spec §2): name, bound phone, change login password, change fund password,
 * language, log out; and the way to the security settings. A fund password not yet set says so, and the
 * row sets it instead of changing it.
 */
export default function SettingScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const user = useUserInfo();
  const account = user.data?.account ?? getAccount() ?? "";
  const fundPasswordSet = user.data?.fundPasswordSet;
  return (
    <Screen title={t("title.information.setting")}>
      <MenuList
        label={t("settings.profile")}
        items={[
          {
            key: "name",
            label: t("settings.name"),
            extra: user.data?.realname || t("settings.notSet"),
            onSelect: () => go("/information/authInfo"),
          },
          {
            key: "phone",
            label: t("settings.bindPhone"),
            extra: maskAccount(account),
            onSelect: () => go("/information/aqSet"),
          },
        ]}
      />
      <MenuList
        items={[
          {
            key: "loginPass",
            label: t("settings.loginPass"),
            onSelect: () => go("/information/loginPass"),
          },
          {
            key: "fundPass",
            label: t(fundPasswordSet === false ? "settings.setFundPass" : "settings.fundPass"),
            extra:
              fundPasswordSet === false ? (
                <span className="settings-flag--warn">{t("settings.notSet")}</span>
              ) : undefined,
            onSelect: () => go("/information/fundPass"),
          },
          {
            key: "security",
            label: t("title.information.aqSet"),
            onSelect: () => go("/information/aqSet"),
          },
          {
            key: "lang",
            label: t("settings.language"),
            extra: LANGUAGES[getLangCode()].label,
            onSelect: () => go("/information/changeLang"),
          },
        ]}
      />
      <div className="page-actions">
        <Button block size="large" className="button-danger-outline" onClick={() => go("exit")}>
          {t("common.logout")}
        </Button>
      </div>
    </Screen>
  );
}
