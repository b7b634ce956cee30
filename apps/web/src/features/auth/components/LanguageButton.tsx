import { useTranslation } from "react-i18next";
import { IconButton } from "../../../components/IconButton";
import { useGo } from "../../../app/useGo";

/** The globe on the signed-out screens: opens the language switcher. */
export function LanguageButton() {
  const { t } = useTranslation();
  const go = useGo();
  return (
    <IconButton
      light
      icon="globe"
      label={t("common.language")}
      onClick={() => go("/information/changeLang")}
    />
  );
}
