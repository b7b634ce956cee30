import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { legalDocOf } from "../legal";

type Section = { h: string; p: string };

/** /information/aboutInfo: the user agreement or the privacy policy (see ../legal.ts). */
export default function LegalScreen() {
  const { t } = useTranslation();
  const doc = legalDocOf(useLocation().state);
  const sections = t(`legal.${doc}`, { returnObjects: true }) as Section[];
  const title = doc === "privacy" ? t("auth.privacyPolicy") : t("auth.userAgreement");
  return (
    <Screen title={title}>
      <article className="card prose">
        <p className="prose__meta">{t("legal.updated")}</p>
        {sections.map((section) => (
          <section key={section.h}>
            <h2>{section.h}</h2>
            <p>{section.p}</p>
          </section>
        ))}
      </article>
    </Screen>
  );
}
