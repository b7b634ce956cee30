import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "@brokerage/api/constants";
import { Screen } from "../../../components/Screen";
import { MenuList } from "../../../components/MenuList";
import { useGo } from "../../../app/useGo";
import { getAccount, getLangCode } from "../../../lib/storage";
import { useUserInfo } from "../api/userInfo";

/** /information/setting (spec §2): name, bound phone, passwords, language, log out. */
export default function SettingScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const user = useUserInfo();
  const account = user.data?.account ?? getAccount() ?? "";
  return (
    <Screen title={t("title.information.setting")}>
      <MenuList
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
            extra: account,
            onSelect: () => go("/information/aqSet"),
          },
        ]}
      />
      <MenuList
        items={[
          { key: "loginPass", label: t("settings.loginPass"), onSelect: () => go("/information/loginPass") },
          { key: "fundPass", label: t("settings.fundPass"), onSelect: () => go("/information/fundPass") },
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
