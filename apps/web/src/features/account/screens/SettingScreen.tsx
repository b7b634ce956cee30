import "../account.css";
import Button from "antd-mobile/es/components/button";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "@brokerage/api/constants";
import { ChipTabs } from "../../../components/ChipTabs";
import { Screen } from "../../../components/Screen";
import { MenuList } from "../../../components/MenuList";
import { useGo } from "../../../app/useGo";
import { getPriceColors, PRICE_COLORS, savePriceColors, type PriceColors } from "../../../lib/priceColors";
import { getAccount, getLangCode } from "../../../lib/storage";
import { maskAccount } from "../../security";
import { useUserInfo } from "../api/userInfo";

/**
 * /information/setting (spec §2): name, bound phone, change login password, change fund password,
 * language, log out; and the way to the security settings. A fund password not yet set says so, and the
 * row sets it instead of changing it. And which colour means a rise (red, the spec's default, or green).
 */
export default function SettingScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const user = useUserInfo();
  const account = user.data?.account ?? getAccount() ?? "";
  const fundPasswordSet = user.data?.fundPasswordSet;
  const [priceColors, setPriceColors] = useState<PriceColors>(getPriceColors);
  const choosePriceColors = (colors: PriceColors) => {
    savePriceColors(colors);
    setPriceColors(colors);
  };
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
      <section className="card settings-colors" aria-labelledby="settings-colors-title">
        <h2 id="settings-colors-title" className="card__title">
          {t("settings.priceColors.title")}
        </h2>
        <ChipTabs
          role="radio"
          label={t("settings.priceColors.title")}
          value={priceColors}
          onChange={choosePriceColors}
          options={PRICE_COLORS.map((key) => ({ key, label: t(`settings.priceColors.${key}`) }))}
        />
        <p className="settings-colors__sample">
          <span className="trend--up">{t("settings.priceColors.rise")}</span>
          <span className="trend--down">{t("settings.priceColors.fall")}</span>
        </p>
      </section>
      <div className="page-actions">
        <Button block size="large" className="button-danger-outline" onClick={() => go("exit")}>
          {t("common.logout")}
        </Button>
      </div>
    </Screen>
  );
}
