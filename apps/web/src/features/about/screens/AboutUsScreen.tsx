import "../about.css";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { BrandMark } from "../../../components/BrandMark";
import { MenuList } from "../../../components/MenuList";
import { KEFU, useGo } from "../../../app/useGo";
import { useConfig } from "../../../lib/config";
import { LEGAL_SCREEN, type LegalDoc } from "../legal";

const APP_VERSION = "0.1.0";

/** /information/aboutUs */
export default function AboutUsScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const name = useConfig().data?.title ?? t("app.name");
  const legal = (doc: LegalDoc) => () => go(LEGAL_SCREEN, { doc });
  return (
    <Screen title={t("title.information.aboutUs")}>
      <section className="about-hero">
        <BrandMark size="0.72rem" />
        <h2 className="about-hero__name">{name}</h2>
        <p className="about-hero__version">{t("about.version", { version: APP_VERSION })}</p>
        <p className="about-hero__intro">{t("about.intro")}</p>
      </section>
      <MenuList
        items={[
          {
            key: "company",
            label: t("title.information.company"),
            icon: "building",
            onSelect: () => go("/information/company"),
          },
          { key: "agreement", label: t("auth.userAgreement"), icon: "doc", onSelect: legal("agreement") },
          { key: "privacy", label: t("auth.privacyPolicy"), icon: "shield", onSelect: legal("privacy") },
          // The configured link, or else the in-app conversation with support staff.
          { key: KEFU, label: t("common.customerService"), icon: "kefu", onSelect: () => go(KEFU) },
        ]}
      />
      <p className="footnote">{t("app.simulated")}</p>
    </Screen>
  );
}
