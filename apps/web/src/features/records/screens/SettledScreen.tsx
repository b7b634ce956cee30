import "../records.css";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { ChipTabs } from "../../../components/ChipTabs";
import { useRechargeList, useTradeHistory, useWithdrawList } from "../api/records";
import { depositView, withdrawalView } from "../components/RequestItem";
import { RecordList, RequestList } from "../components/RequestList";
import { TradeItem } from "../components/TradeItem";

const TABS = ["trades", "recharges", "withdrawals"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * /information/settled: transaction records with the tabs of spec §2, trades, recharges and withdrawals.
 * The tab is kept in the query (`?tab=withdrawals`) so back and a reload come back to it. Trades are the
 * closed positions (`trade/trades`).
 */
export default function SettledScreen() {
  const { t } = useTranslation();
  const panelId = useId();
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get("tab")) ? (params.get("tab") as Tab) : "trades";
  return (
    <Screen title={t("title.information.settled")}>
      <div className="card settled-tabs">
        <ChipTabs
          variant="line"
          label={t("records.settled.tabs")}
          options={TABS.map((key) => ({ key, label: t(`records.settled.${key}`) }))}
          value={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
        />
      </div>
      <div role="tabpanel" id={panelId} aria-label={t(`records.settled.${tab}`)}>
        {tab === "trades" && <TradeList />}
        {tab === "recharges" && <RechargeList />}
        {tab === "withdrawals" && <WithdrawalList />}
      </div>
    </Screen>
  );
}

function TradeList() {
  const { t } = useTranslation();
  const list = useTradeHistory();
  return (
    <RecordList
      list={list}
      items={list.data?.pages.flatMap((page) => page.items)}
      label={t("records.settled.trades")}
      emptyText={t("records.settled.tradesEmpty")}
    >
      {(trade) => <TradeItem key={trade.id} trade={trade} />}
    </RecordList>
  );
}

function RechargeList() {
  const { t } = useTranslation();
  const list = useRechargeList();
  return (
    <RequestList
      list={list}
      views={list.data?.pages.flatMap((page) => page.items.map(depositView))}
      label={t("records.settled.recharges")}
      emptyText={t("records.settled.rechargesEmpty")}
    />
  );
}

function WithdrawalList() {
  const { t } = useTranslation();
  const list = useWithdrawList();
  return (
    <RequestList
      list={list}
      views={list.data?.pages.flatMap((page) => page.items.map(withdrawalView))}
      label={t("records.settled.withdrawals")}
      emptyText={t("records.settled.withdrawalsEmpty")}
    />
  );
}
