import { GlobalOutlined } from "@ant-design/icons";
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { ADMIN_LANGUAGES, changeAdminLanguage, type AdminLanguage } from "../lib/i18n";

/** The language of the back office (kept in this browser, apart from the phone app's choice). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Select<AdminLanguage>
      aria-label={t("layout.language")}
      className="admin-language"
      variant="borderless"
      value={i18n.language as AdminLanguage}
      onChange={(tag) => void changeAdminLanguage(tag)}
      prefix={<GlobalOutlined aria-hidden />}
      options={ADMIN_LANGUAGES.map(({ tag, label }) => ({ value: tag, label }))}
      popupMatchSelectWidth={false}
    />
  );
}
