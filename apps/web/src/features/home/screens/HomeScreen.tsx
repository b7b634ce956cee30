import "../home.css";
import { useTranslation } from "react-i18next";
import { SectionCard } from "../../../components/SectionCard";
import { TopMenu } from "../components/TopMenu";
import { QuickEntries } from "../components/QuickEntries";
import { HomeTabs } from "../components/HomeTabs";

/** /home/index: greeting, indices (with the market-data issue), services, home tabs. */
export default function HomeScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen screen--home">
      <TopMenu />
      <main className="screen__body home">
        <SectionCard title={t("home.indices")} />
        <QuickEntries />
        <HomeTabs />
      </main>
    </div>
  );
}
