import type { ConfigItem } from "@brokerage/api";
import { useTranslation } from "react-i18next";
import { valueText } from "./words";

/** A key's value in words; the logo as the image itself (it is only ever a small data URL). */
export function ValueView({ settingKey, value }: { settingKey: ConfigItem["key"]; value: unknown }) {
  const { t, i18n } = useTranslation();
  if (settingKey === "app.logo" && typeof value === "string" && value !== "")
    return <img src={value} alt={t("config.app.logoPreview")} className="admin-config__logo-thumb" />;
  return <>{valueText(t, i18n.language, settingKey, value)}</>;
}
