import "../deposit.css";
import { useId, useMemo, useState, type FormEvent } from "react";
import Button from "antd-mobile/es/components/button";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import type { DepositChannel, RechargeChannelsResponse } from "@brokerage/api";
import { CURRENCIES } from "@brokerage/api/constants";
import { Screen } from "../../../components/Screen";
import { ChipTabs } from "../../../components/ChipTabs";
import { EmptyState } from "../../../components/EmptyState";
import { QueryView } from "../../../components/QueryView";
import { useGo } from "../../../app/useGo";
import { errorText } from "../../../lib/api";
import { loadMoneyFormat } from "../../../lib/apiError";
import { loadContract } from "../../../lib/contract";
import { Refreshable } from "../../../components/Refreshable";
import { useRechargeChannels } from "../api/deposits";
import { amountProblem } from "../amount";
import { AmountInput } from "../components/AmountInput";
import { ChannelChoice, useLimitsText } from "../components/ChannelChoice";
import { RechargeRecords } from "../components/RechargeRecords";
import { WindowRule } from "../components/WindowRule";
import { readSelection, saveSelection } from "../selection";

const TABS = ["deposit", "records"] as const;
type Tab = (typeof TABS)[number];

/**
 * /information/recharge: the rules first (the recharge window, each channel's limits), then the currency,
 * the amount and a channel that takes it; the channel's page follows. The second tab lists the user's
 * deposits with their review states. The tab is kept in the query (`?tab=records`) for back and reload.
 */
export default function RechargeScreen() {
  const { t } = useTranslation();
  const panelId = useId();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "records" ? "records" : "deposit";
  const channels = useRechargeChannels();
  return (
    <Screen title={t("title.information.recharge")}>
      <div className="card deposit-tabs">
        <ChipTabs
          variant="line"
          label={t("deposit.tabs")}
          options={TABS.map((key) => ({ key, label: t(`deposit.tab.${key}`) }))}
          value={tab}
          onChange={(key) => setParams(key === "deposit" ? {} : { tab: key }, { replace: true })}
        />
      </div>
      <div role="tabpanel" id={panelId} aria-label={t(`deposit.tab.${tab}`)}>
        {tab === "records" ? (
          <RechargeRecords />
        ) : (
          <Refreshable onRefresh={() => channels.refetch()}>
            <QueryView query={channels}>{(data) => <DepositForm data={data} />}</QueryView>
          </Refreshable>
        )}
      </div>
    </Screen>
  );
}

type Errors = Partial<Record<"amount" | "channel", string>>;

function DepositForm({ data }: { data: RechargeChannelsResponse }) {
  const { t } = useTranslation();
  const go = useGo();
  const limitsText = useLimitsText();
  // The currencies some channel takes, in the contract's order (USD, THB, INR first).
  const currencies = useMemo(
    () => CURRENCIES.filter((c) => data.channels.some((channel) => channel.limits[c] !== undefined)),
    [data.channels],
  );
  const previous = readSelection(null);
  const [currency, setCurrency] = useState<string>(
    previous && currencies.includes(previous.currency as never)
      ? previous.currency
      : (currencies[0] ?? "USD"),
  );
  const [amount, setAmount] = useState(previous?.currency === currency ? previous.amount : "");
  const [channelId, setChannelId] = useState<string | null>(previous?.channelId ?? null);
  const [errors, setErrors] = useState<Errors>({});

  const offering = data.channels.filter((c) => c.limits[currency as keyof DepositChannel["limits"]]);
  const channel =
    offering.find((c) => c.id === channelId) ?? (offering.length === 1 ? offering[0] : undefined);

  if (currencies.length === 0)
    return (
      <div className="deposit-screen">
        <WindowRule window={data.window} open={data.open} />
        <div className="card">
          <EmptyState text={t("deposit.noChannels")} />
        </div>
      </div>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The contract's amount rule; the limits in a refusal are money, formatted as such.
    const [contract] = await Promise.all([loadContract(), loadMoneyFormat()]);
    const found: Errors = {};
    const problem = amountProblem(
      contract,
      amount,
      currency,
      channel?.limits[currency as keyof DepositChannel["limits"]],
    );
    if (problem)
      found.amount = problem.code.startsWith("AMOUNT_")
        ? errorText(problem.code, problem.params)
        : t(`deposit.amountError.${problem.code}`, problem.params);
    if (!channel) found.channel = t("deposit.chooseChannel");
    setErrors(found);
    if (Object.keys(found).length > 0 || !channel) return;
    const selection = { channelId: channel.id, currency, amount };
    saveSelection(selection);
    go("/information/rechargeChannel", selection);
  };

  return (
    <div className="deposit-screen">
      <WindowRule window={data.window} open={data.open} />
      <form
        className="form card"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={t("deposit.formTitle")}
      >
        <div className="field">
          <span className="field__label">{t("deposit.currency")}</span>
          <ChipTabs
            role="radio"
            className="deposit-currencies"
            label={t("deposit.currency")}
            options={currencies.map((key) => ({ key, label: key }))}
            value={currency}
            onChange={(key) => {
              setCurrency(key);
              setErrors({});
            }}
          />
        </div>
        <AmountInput
          label={t("deposit.amount")}
          placeholder={t("deposit.amountPlaceholder")}
          value={amount}
          currency={currency}
          hint={channel ? limitsText(channel, currency) : undefined}
          error={errors.amount}
          onChange={(value) => {
            setAmount(value);
            if (errors.amount) setErrors((e) => ({ ...e, amount: undefined }));
          }}
        />
        <ChannelChoice
          channels={offering}
          currency={currency}
          value={channel?.id ?? null}
          error={errors.channel}
          onChange={(id) => {
            setChannelId(id);
            setErrors({});
          }}
        />
        {!data.open && (
          <p className="deposit-closed" role="status">
            {t("deposit.closedNote")}
          </p>
        )}
        <Button block type="submit" color="primary" size="large" disabled={!data.open}>
          {t("deposit.next")}
        </Button>
      </form>
      <p className="footnote">{t("deposit.creditNote")}</p>
    </div>
  );
}
