import "../withdraw.css";
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import type { Currency, Withdrawal, WithdrawRulesResponse } from "@brokerage/api";
import { Screen } from "../../../components/Screen";
import { ChipTabs } from "../../../components/ChipTabs";
import { QueryView } from "../../../components/QueryView";
import { Refreshable } from "../../../components/Refreshable";
import { useBankCards, useWallets } from "../../cards";
import { isCurrency } from "../../../lib/currency";
import { useWithdrawRules } from "../api/withdraw";
import { RulesChecklist } from "../components/RulesChecklist";
import { WithdrawDone } from "../components/WithdrawDone";
import { WithdrawForm } from "../components/WithdrawForm";
import { WithdrawRecords } from "../components/WithdrawRecords";

const TABS = ["withdraw", "records"] as const;
type Tab = (typeof TABS)[number];

/**
 * /information/cashOut: withdrawal (spec §5; DESIGN §5 "Withdrawals and deposits"). The rules checklist
 * first, with the user's standing on each and a way to fix what is unmet; the form under it, always
 * there, paying to a card or a saved wallet address; a confirmation sheet; then the result. The second tab lists the user's withdrawals with their
 * states. `?tab=records` and `?currency=INR` are kept in the address for back and reload.
 */
export default function CashOutScreen() {
  const { t } = useTranslation();
  const panelId = useId();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "records" ? "records" : "withdraw";
  const asked = params.get("currency") ?? "";
  const currency: Currency = isCurrency(asked) ? asked : "USD";
  const [done, setDone] = useState<Withdrawal | null>(null);
  const rules = useWithdrawRules(currency);
  const cards = useBankCards();
  const wallets = useWallets();
  const show = (next: { tab?: Tab; currency?: Currency }) => {
    const query: Record<string, string> = {};
    if ((next.tab ?? tab) === "records") query.tab = "records";
    if ((next.currency ?? currency) !== "USD") query.currency = next.currency ?? currency;
    setParams(query, { replace: true });
  };
  const arrival = (data: WithdrawRulesResponse) =>
    t("withdraw.arrival", { count: data.arrival.withinHours, days: data.arrival.latestDays });

  return (
    <Screen title={t("title.information.cashOut")}>
      <div className="card withdraw-tabs">
        <ChipTabs
          variant="line"
          label={t("withdraw.tabs")}
          options={TABS.map((key) => ({ key, label: t(`withdraw.tab.${key}`) }))}
          value={tab}
          onChange={(key) => {
            setDone(null);
            show({ tab: key });
          }}
        />
      </div>
      <div role="tabpanel" id={panelId} aria-label={t(`withdraw.tab.${tab}`)}>
        {tab === "records" ? (
          <WithdrawRecords />
        ) : done && rules.data ? (
          <WithdrawDone
            withdrawal={done}
            arrival={arrival(rules.data)}
            onRecords={() => {
              setDone(null);
              show({ tab: "records" });
            }}
            onDone={() => setDone(null)}
          />
        ) : (
          <Refreshable onRefresh={() => Promise.all([rules.refetch(), cards.refetch(), wallets.refetch()])}>
            <QueryView query={rules}>
              {(data) => (
                <div className="withdraw-screen">
                  <RulesChecklist data={data} />
                  <WithdrawForm
                    key={data.currency}
                    rules={data}
                    cards={cards.data}
                    wallets={wallets.data}
                    arrival={arrival(data)}
                    onCurrency={(next) => show({ currency: next })}
                    onDone={setDone}
                  />
                </div>
              )}
            </QueryView>
          </Refreshable>
        )}
      </div>
    </Screen>
  );
}
