import "../market.css";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { RankingBoard } from "../components/RankingBoard";

/** /home/stockList: the full ranked stock list of a market (gainers, losers, volume, turnover). */
export default function StockListScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t("title.home.stockList")} className="market">
      <RankingBoard full />
    </Screen>
  );
}
