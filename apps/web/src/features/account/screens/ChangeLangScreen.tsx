import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, DEFAULT_LANGUAGES } from "@brokerage/api/constants";
import type { LanguageCode } from "@brokerage/api";
import { Screen } from "../../../components/Screen";
import { changeLanguage } from "../../../lib/i18n";
import { getLangCode } from "../../../lib/storage";
import { showSuccess } from "../../../lib/toast";
import { useConfig } from "../../../lib/config";
import { offeredLanguage } from "../../../app/language";

/**
 * /information/changeLang: only the languages config `languages` offers (default en, zh, ko); a current
 * language it does not offer shows as the first offered one (app/language switches to it).
 */
export default function ChangeLangScreen() {
  const { t } = useTranslation();
  const offered = useConfig().data?.languages ?? DEFAULT_LANGUAGES;
  const [chosen, setCurrent] = useState<LanguageCode>(getLangCode);
  const current = offeredLanguage(chosen, offered);
  const choose = (code: LanguageCode) => {
    setCurrent(code);
    void changeLanguage(code).then(() => showSuccess(t("lang.changed", { lng: LANGUAGES[code].tag })));
  };
  return (
    <Screen title={t("title.information.changeLang")}>
      <fieldset className="card choice-list">
        <legend className="choice-list__legend">{t("lang.hint")}</legend>
        {offered.map((code) => (
          <label key={code} className="choice-list__row" lang={LANGUAGES[code].tag}>
            <input
              type="radio"
              name="language"
              value={code}
              checked={current === code}
              onChange={() => choose(code)}
              className="choice-list__input"
            />
            <span className="choice-list__label">{LANGUAGES[code].label}</span>
            <span className="choice-list__check" aria-hidden="true" />
          </label>
        ))}
      </fieldset>
    </Screen>
  );
}
