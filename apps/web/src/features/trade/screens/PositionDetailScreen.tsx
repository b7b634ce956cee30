import "../../market/market.css";
import "../trade.css";
import { useMemo } from "react";

import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { EmptyCard } from "../../../components/EmptyState";
import { QueryView } from "../../../components/QueryView";
import { useLivePrice } from "../api/livePrice";
import { usePositionDetail } from "../api/trade";
import { OrderActions } from "../components/OrderActions";
import { OrderFields } from "../components/OrderFields";
import { PnlSummary } from "../components/PnlSummary";
import { TradeRecords } from "../components/TradeRecords";
import { StopsEditor } from "../components/StopsEditor";
import { livePnl, readPositionId } from "../order";
import type { TradeOrder } from "@brokerage/api";

/** /trade/positionDetail: the order saved by the trade list (spec §2: no route parameters). */
export default function PositionDetailScreen() {
  const { t } = useTranslation();
  const id = useMemo(() => readPositionId(), []);
  const detail = usePositionDetail(id);
  return (
    <Screen title={t("title.trade.positionDetail")}>
      {id === null ? (
        <EmptyCard text={t("trade.noPosition")} to="/trade/index" link={t("trade.toList")} />
      ) : (
        <QueryView query={detail}>{(order) => <Detail order={order} />}</QueryView>
      )}
    </Screen>
  );
}

function Detail({ order }: { order: TradeOrder }) {
  const open = order.state === "open";
  const live = useLivePrice(order.symbol, open);
  const moved = open && live ? livePnl(order, live) : null;
  const pnl = moved?.pnl ?? order.pnl;
  const pnlGross = moved?.pnlGross ?? order.pnlGross;
  const returnRate = moved?.returnRate ?? order.returnRate;
  return (
    <>
      <section className="card trade-detail">
        <PnlSummary order={order} pnl={pnl} pnlGross={pnlGross} returnRate={returnRate} />
        <OrderFields
          order={order}
          currentPrice={(open && live) || order.currentPrice}
          pnl={pnl}
          pnlGross={pnlGross}
          returnRate={returnRate}
        />
        <OrderActions order={order} name={order.name} />
      </section>
      {open && <StopsEditor key={`${order.stopLoss}:${order.takeProfit}`} order={order} />}
      <TradeRecords order={order} />
    </>
  );
}
