import "../auth.css";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { BrandMark } from "../../../components/BrandMark";
import { LanguageButton } from "../components/LanguageButton";
import { useGo } from "../../../app/useGo";
import { useConfig } from "../../../lib/config";

/** /login/start1: the first screen for a visitor without a session. */
export default function WelcomeScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const name = useConfig().data?.title ?? t("app.name");
  return (
    <main className="welcome">
      <div className="welcome__top">
        <LanguageButton />
      </div>
      <div className="welcome__hero">
        <BrandMark size="0.72rem" />
        <p className="welcome__name">{name}</p>
        <h1 className="welcome__headline">{t("welcome.headline")}</h1>
        <p className="welcome__body">{t("welcome.body")}</p>
        <svg className="welcome__chart" viewBox="0 0 300 90" aria-hidden="true" focusable="false">
          <path
            d="M0 70 L30 62 L60 66 L90 48 L120 54 L150 36 L180 42 L210 24 L240 30 L270 12 L300 18"
            fill="none"
            stroke="rgba(255,255,255,0.85)"
            strokeWidth="3"
            strokeLinejoin="round"
          />
          <path
            d="M0 70 L30 62 L60 66 L90 48 L120 54 L150 36 L180 42 L210 24 L240 30 L270 12 L300 18 V90 H0 Z"
            fill="rgba(255,255,255,0.12)"
          />
        </svg>
      </div>
      <div className="welcome__actions">
        <Button block size="large" className="button-light" onClick={() => go("/login/login")}>
          {t("welcome.login")}
        </Button>
        <Button block size="large" className="button-ghost" onClick={() => go("/login/register")}>
          {t("welcome.register")}
        </Button>
        <p className="welcome__note">{t("app.simulated")}</p>
      </div>
    </main>
  );
}
