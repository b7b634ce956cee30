import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { BrandMark } from "../../../components/BrandMark";
import { useConfig } from "../../../lib/config";

/** /information/company */
export default function CompanyScreen() {
  const { t } = useTranslation();
  const name = useConfig().data?.title ?? t("app.name");
  const paragraphs = t("company.paragraphs", { returnObjects: true }) as string[];
  return (
    <Screen title={t("title.information.company")}>
      <article className="card prose">
        <div className="prose__brand">
          <BrandMark size="0.44rem" />
          <h2>{name}</h2>
        </div>
        {paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
        <p>{t("company.help")}</p>
      </article>
    </Screen>
  );
}
