import "../../trade/trade.css";
import "../../records/records.css";
import "../follow.css";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { RecordList } from "../../records";
import { useMyHoldings } from "../api/follow";
import { HoldingItem } from "../components/HoldingItem";

/**
 * /home/qcList: the user's copy orders, the ones still running first: each with its value at the latest
 * NAV and its P&L net of every fee, or, once ended, its payout and why it ended; redemption where allowed.
 */
export default function CopyOrdersScreen() {
  const { t } = useTranslation();
  const list = useMyHoldings();
  return (
    <Screen title={t("title.home.qcList")}>
      <div className="follow-detail">
        <p className="footnote follow-links">
          <Link to="/home/fllow">{t("follow.toProducts")}</Link>
          <Link to="/information/product">{t("title.information.product")}</Link>
        </p>
        <RecordList
          list={list}
          items={list.data?.pages.flatMap((page) => page.items)}
          label={t("follow.myOrders")}
          emptyText={t("follow.emptyMine")}
        >
          {(holding) => <HoldingItem key={holding.id} holding={holding} />}
        </RecordList>
      </div>
    </Screen>
  );
}
