import "../../market/market.css";
import "../trade.css";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { ChipTabs } from "../../../components/ChipTabs";
import { EmptyState } from "../../../components/EmptyState";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { Refreshable } from "../../../components/Refreshable";
import { TRADE_TABS, useInventory, useTradeList, type ListTab, type TradeTab } from "../api/trade";
import { InventoryRow } from "../components/InventoryRow";
import { OrderRow } from "../components/OrderRow";
import { ListFoot } from "../../../components/ListFoot";
import { MarginBanner } from "../../risk";

const isTab = (value: string | null): value is TradeTab => TRADE_TABS.includes(value as TradeTab);

/**
 * /trade/index: positions with the six tabs of spec §2 (purchase, in progress, finished, inventory,
 * digital currency, forex). The tab is kept in the query (`?tab=finished`) so back and a reload return
 * to it. Open positions are read again every 5 s and their price and P&L follow the live quote feed.
 */
export default function TradeScreen() {
  const { t } = useTranslation();
  const panelId = useId();
  const [params, setParams] = useSearchParams();
  const tab: TradeTab = isTab(params.get("tab")) ? (params.get("tab") as TradeTab) : "inProgress";
  return (
    <Screen title={t("title.trade.index")} back={false}>
      <MarginBanner />
      <div className="card trade-tabs">
        <ChipTabs
          variant="line"
          label={t("trade.tabsLabel")}
          options={TRADE_TABS.map((key) => ({ key, label: t(`trade.tabs.${key}`) }))}
          value={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
        />
      </div>
      <div role="tabpanel" id={panelId} aria-label={t(`trade.tabs.${tab}`)}>
        {tab === "inventory" ? <InventoryList /> : <OrderList key={tab} tab={tab} />}
      </div>
    </Screen>
  );
}

function OrderList({ tab }: { tab: ListTab }) {
  const { t } = useTranslation();
  const list = useTradeList(tab);
  const orders = list.data?.pages.flatMap((page) => page.items);
  return (
    <Refreshable onRefresh={() => list.refetch()}>
      <QueryView
        query={{ ...list, data: orders }}
        isEmpty={isEmptyList}
        empty={
          <div className="card">
            <EmptyState text={t(`trade.empty.${tab}`)} />
          </div>
        }
      >
        {(items) => (
          <>
            <ul className="trade-list card" aria-label={t(`trade.tabs.${tab}`)}>
              {items.map((order) => (
                <OrderRow key={order.id} order={order} />
              ))}
            </ul>
            <ListFoot query={list} className="trade-list__foot" endText={t("trade.end")} />
          </>
        )}
      </QueryView>
    </Refreshable>
  );
}

function InventoryList() {
  const { t } = useTranslation();
  const inventory = useInventory();
  return (
    <Refreshable onRefresh={() => inventory.refetch()}>
      <QueryView
        query={inventory}
        isEmpty={isEmptyList}
        empty={
          <div className="card">
            <EmptyState text={t("trade.empty.inventory")} />
          </div>
        }
      >
        {(items) => (
          <ul className="trade-list card" aria-label={t("trade.tabs.inventory")}>
            {items.map((item) => (
              <InventoryRow key={`${item.exchange}:${item.symbol}:${item.direction}`} item={item} />
            ))}
          </ul>
        )}
      </QueryView>
    </Refreshable>
  );
}
