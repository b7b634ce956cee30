import "../../market/market.css";
import "../trade.css";
import { useMemo } from "react";

import { useTranslation } from "react-i18next";
import { ContractNoteButton } from "../../records";
import { Screen } from "../../../components/Screen";
import { EmptyCard } from "../../../components/EmptyState";
import { QueryView } from "../../../components/QueryView";
import { PositionChart, useNow } from "../../market";
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

/**
 * A position: its price since opening (a chart with the opening price across it), every field of spec §3,
 * the stops, and its close (or cancel) across the foot of the screen, in reach of a thumb.
 */
function Detail({ order }: { order: TradeOrder }) {
  const open = order.state === "open";
  const live = useLivePrice(order.symbol, open);
  const now = useNow();
  const moved = open && live ? livePnl(order, live) : null;
  const held = (open || order.state === "closing") && order.openedAt !== null && order.openPrice !== null;
  const pnl = moved?.pnl ?? order.pnl;
  const pnlGross = moved?.pnlGross ?? order.pnlGross;
  const returnRate = moved?.returnRate ?? order.returnRate;
  return (
    <>
      {held && (
        <PositionChart
          position={{ ...order, openedAt: order.openedAt ?? "", openPrice: order.openPrice ?? "" }}
          now={now}
        />
      )}
      <section className="card trade-detail">
        <PnlSummary order={order} pnl={pnl} pnlGross={pnlGross} returnRate={returnRate} />
        <OrderFields
          order={moved ? { ...order, marketValue: moved.marketValue } : order}
          currentPrice={(open && live) || order.currentPrice}
          pnl={pnl}
          pnlGross={pnlGross}
          returnRate={returnRate}
        />
      </section>
      {open && <StopsEditor key={`${order.stopLoss}:${order.takeProfit}`} order={order} />}
      <TradeRecords order={order} />
      {order.openedAt !== null && (
        <section className="card trade-detail">
          <ContractNoteButton order={order} />
        </section>
      )}
      <OrderActions order={order} name={order.name} layout="bar" />
    </>
  );
}
