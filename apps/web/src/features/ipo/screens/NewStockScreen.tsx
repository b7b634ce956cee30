import "../../trade/trade.css";
import "../ipo.css";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { Refreshable } from "../../../components/Refreshable";
import { IPO_OFFERINGS_KEY } from "../api/ipo";
import { OfferingList } from "../components/OfferingList";

/** /home/newStock: the new-share offerings (paged, pull to refresh), and the way to the user's subscriptions. */
export default function NewStockScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <Screen
      title={t("title.home.newStock")}
      right={
        <Link className="text-button" to="/home/newShareOrder">
          {t("ipo.mine")}
        </Link>
      }
    >
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: IPO_OFFERINGS_KEY })}>
        <section className="card ipo-card" aria-label={t("ipo.offerings")}>
          <p className="ipo-lead">{t("ipo.lead")}</p>
          <OfferingList />
        </section>
      </Refreshable>
    </Screen>
  );
}
