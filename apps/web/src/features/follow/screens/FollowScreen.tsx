import "../../trade/trade.css";
import "../follow.css";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Refreshable } from "../../../components/Refreshable";
import { Screen } from "../../../components/Screen";
import { FOLLOW_KEY } from "../api/follow";
import { ProductList } from "../components/ProductList";

/**
 * /home/fllow: the copy-trading products with their measured figures (NAV, the last day's change, the
 * maximum drawdown) and risk score, what copy trading is and is not (nothing is promised), and the ways to
 * the user's copy orders and products.
 */
export default function FollowScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <Screen title={t("title.home.fllow")}>
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: [...FOLLOW_KEY, "products"] })}>
        <section className="card follow-card" aria-label={t("follow.products")}>
          <p className="follow-lead">{t("follow.lead")}</p>
          <p className="home-tabs__more follow-links">
            <Link to="/home/qcList">{t("title.home.qcList")}</Link>
            <Link to="/information/product">{t("title.information.product")}</Link>
          </p>
          <ProductList />
        </section>
      </Refreshable>
    </Screen>
  );
}
