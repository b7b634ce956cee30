import "../../trade/trade.css";
import "../blockTrade.css";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { Refreshable } from "../../../components/Refreshable";
import { BLOCK_TRADE_KEY } from "../api/blockTrade";
import { OfferList } from "../components/OfferList";

/** /home/blockTrade: the block-trade offers (pull to refresh), and the way to the user's subscriptions. */
export default function BlockTradeScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <Screen
      title={t("title.home.blockTrade")}
      right={
        <Link className="text-button" to="/home/blockTrade2">
          {t("blockTrade.mine")}
        </Link>
      }
    >
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: [...BLOCK_TRADE_KEY, "offers"] })}>
        <section className="card block-card" aria-label={t("blockTrade.offers")}>
          <p className="block-lead">{t("blockTrade.lead")}</p>
          <OfferList />
        </section>
      </Refreshable>
    </Screen>
  );
}
