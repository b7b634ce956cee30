import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "../../../components/BrandMark";
import { useConfig } from "../../../lib/config";
import { LanguageButton } from "./LanguageButton";

/** The log-in and registration frame: brand band with a language shortcut, the form card, a footer. */
export function AuthLayout({
  heading,
  subtitle,
  footer,
  children,
}: {
  heading: string;
  subtitle: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const name = useConfig().data?.title ?? t("app.name");
  return (
    <div className="auth-page">
      <header className="auth-header">
        <div className="auth-header__bar">
          <span className="auth-header__brand">
            <BrandMark size="0.3rem" />
            <span>{name}</span>
          </span>
          <LanguageButton />
        </div>
        <h1 className="auth-header__heading">{heading}</h1>
        <p className="auth-header__subtitle">{subtitle}</p>
      </header>
      <main className="auth-page__body">
        {children}
        <p className="auth-page__switch">{footer}</p>
        <p className="auth-page__note">{t("app.simulated")}</p>
      </main>
    </div>
  );
}
