import "../market.css";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { IndexBoard } from "../components/IndexBoard";
import { RankingBoard } from "../components/RankingBoard";

/** /home/market: the market overview — indices with their trend, then the rankings. */
export default function MarketOverviewScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t("title.home.market")} className="market">
      <IndexBoard title={t("home.indices")} />
      <RankingBoard />
    </Screen>
  );
}
