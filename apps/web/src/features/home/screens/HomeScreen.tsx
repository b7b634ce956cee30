import "../home.css";
import "../../market/market.css";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { CheckinCard } from "../../checkin";
import { IndexBoard } from "../../market";
import { TopMenu } from "../components/TopMenu";
import { QuickEntries } from "../components/QuickEntries";
import { HomeTabs } from "../components/HomeTabs";

/**
 * /home/index: greeting, the indices of the user's market with their trend, services, the daily check-in,
 * home tabs.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen screen--home">
      <TopMenu />
      <main className="screen__body home">
        <IndexBoard
          title={t("home.indices")}
          action={
            <Link className="card__link" to="/home/market">
              {t("market.overviewLink")}
            </Link>
          }
        />
        <QuickEntries />
        <CheckinCard />
        <HomeTabs />
      </main>
    </div>
  );
}
