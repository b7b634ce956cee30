import "../../market/market.css";
import "../trade.css";
import { useMemo, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { OrderDirection, OrderDraft, PlaceOrderRequest, PriceType } from "@brokerage/api";
import { Screen } from "../../../components/Screen";
import { ChipTabs } from "../../../components/ChipTabs";
import { EmptyCard } from "../../../components/EmptyState";
import { Field } from "../../../components/Field";
import { errorText } from "../../../lib/api";
import { ApiError, loadMoneyFormat } from "../../../lib/apiError";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { showSuccess } from "../../../lib/toast";
import { useDayTradingStatus, IntradaySwitch } from "../../day-trading";
import { AcknowledgeRisk, RiskWarning, useRiskDisclosure } from "../../risk";
import { ConfirmSheet } from "../../../components/ConfirmSheet";
import { useQuote } from "../../market";
import { useOrderPreview, usePlaceOrder } from "../api/trade";
import { ConfirmOrder } from "../components/ConfirmOrder";
import { QuantityStepper } from "../components/QuantityStepper";
import { StopFields } from "../components/StopFields";
import { PreviewTerms } from "../components/PreviewTerms";
import { TradeRules } from "../components/TradeRules";
import { parseAllowed, readBuyRef, stopValue, tabOf } from "../order";
import { quantityRuleOf } from "../quantity";
import { useOrderTerms } from "../useOrderTerms";
import { useDebounced } from "../../../lib/useDebounced";
import { FormError } from "../../../components/FormError";

/** The preview waits for typing to pause, so a held key does not send a request per character. */
const PREVIEW_DEBOUNCE_MS = 400;

const failure = (cause: unknown, fallback: string) =>
  cause instanceof ApiError ? errorText(cause.code, cause.params, cause.serverMsg) : fallback;

/**
 * /market/marketBuy: the order form for the stock the detail screen saved (spec §2 buy form). Long or
 * short, market or limit (with its price), leverage, a quantity on the instrument's step, optional stops; the server prices the draft
 * as it changes (`trade/preview`: price, margin, fee, total, the available balance and the rules), a
 * sheet asks for confirmation, then `trade/placeOrder` under one idempotency key.
 */
export default function MarketBuyScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stock = useMemo(() => readBuyRef(), []);
  const [direction, setDirection] = useState<OrderDirection>(stock?.direction ?? "long");
  const [priceType, setPriceType] = useState<PriceType>("market");
  const [limit, setLimit] = useState("");
  const { terms, leverages, leverage, setLeverage, refuseLeverage } = useOrderTerms(stock);
  // The instrument's steps (board lot, fraction of a coin or of a US share) come with its quote.
  const details = useQuote(stock?.symbol, stock?.exchange).data?.details;
  const rule = quantityRuleOf(details, priceType);
  // Until the user types, the quantity is one step: a lot of shares, the least of a coin.
  const [typed, setTyped] = useState<string>();
  const quantity = typed ?? rule.step;
  const [stopLoss, setStopLoss] = useState("");
  const [takeProfit, setTakeProfit] = useState("");
  const [formError, setFormError] = useState<string>();
  const [request, setRequest] = useState<PlaceOrderRequest | null>(null);
  const [sheetError, setSheetError] = useState<string>();
  // Before a first leveraged order: the risk warning, acknowledged once (modules/risk).
  const [acknowledging, setAcknowledging] = useState(false);
  // An order far from the price or far above the usual size: asked again before it is placed.
  const [unusual, setUnusual] = useState<PlaceOrderRequest | null>(null);
  const place = usePlaceOrder();
  // The intraday switch is offered to approved day traders only (a failed status leaves it hidden).
  const allowance = useDayTradingStatus({ silent: true }).data?.allowance ?? null;
  const [intraday, setIntraday] = useState(false);
  const dayTrade = intraday && allowance !== null;
  const leveraged = leverage > 1;
  const disclosure = useRiskDisclosure("leveraged", leveraged);

  const draft: OrderDraft | null =
    stock && (priceType === "market" || limit.trim() !== "")
      ? {
          symbol: stock.symbol,
          exchange: stock.exchange,
          direction,
          priceType,
          price: priceType === "limit" ? limit.trim() : undefined,
          quantity,
          leverage,
          stopLoss: stopValue(stopLoss),
          takeProfit: stopValue(takeProfit),
          ...(dayTrade && { dayTrade: true }),
        }
      : null;
  const settled = useDebounced(draft, PREVIEW_DEBOUNCE_MS);
  const preview = useOrderPreview(settled, priceType === "market");
  const previewError = preview.error ? failure(preview.error, t("common.networkError")) : undefined;
  // The sheet shows the terms of exactly this draft: not the last one's, kept on screen while it is priced.
  const fresh =
    preview.data !== undefined &&
    !preview.isPlaceholderData &&
    JSON.stringify(settled) === JSON.stringify(draft);

  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setFormError(undefined);
    };

  if (!stock)
    return (
      <Screen title={t("title.market.marketBuy")}>
        <EmptyCard text={t("market.noStock")} to="/favorite/search" link={t("market.searchLink")} />
      </Screen>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await loadMoneyFormat();
    if (!draft) return setFormError(t("trade.limitRequired"));
    if (previewError) return setFormError(previewError);
    if (!fresh) return;
    setSheetError(undefined);
    if (leveraged && disclosure.data?.acknowledgedAt === null) return setAcknowledging(true);
    setRequest({ ...draft, idempotencyKey: newIdempotencyKey() });
  };

  const acknowledged = () => {
    setAcknowledging(false);
    if (draft) setRequest({ ...draft, idempotencyKey: newIdempotencyKey() });
  };

  const confirm = () => {
    if (!request) return;
    // The preview warned: one more confirmation, then the order goes with `confirmUnusual`.
    if ((preview.data?.warnings.length ?? 0) > 0 && !request.confirmUnusual) {
      setRequest(null);
      return setUnusual(request);
    }
    send(request);
  };

  const send = (sent: PlaceOrderRequest) => {
    place.mutate(sent, {
      onSuccess: (order) => {
        setRequest(null);
        setUnusual(null);
        showSuccess(t("trade.placed"));
        navigate(`/trade/index?tab=${tabOf(order)}`);
      },
      onError: (cause) => {
        // No answer: the sheet stays and confirming again sends the same key (one order at most).
        if (!(cause instanceof ApiError)) return setSheetError(t("common.networkError"));
        setRequest(null);
        setUnusual(null);
        if (cause.code === "RISK_DISCLOSURE_REQUIRED") return setAcknowledging(true);
        if (cause.code === "ORDER_UNUSUAL") return setUnusual(sent);
        if (cause.code === "LEVERAGE_NOT_ALLOWED") {
          const allowed = parseAllowed(cause.params.allowed);
          if (allowed) refuseLeverage(allowed);
        }
        setFormError(failure(cause, t("common.networkError")));
      },
    });
  };

  return (
    <Screen title={t("title.market.marketBuy")}>
      <form
        className="card trade-form"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label={t("trade.formTitle")}
      >
        <p className="trade-form__stock">
          {preview.data?.name ?? stock.symbol} <span className="trade-row__code">{stock.symbol}</span>
        </p>
        <div className="field">
          <span className="field__label">{t("trade.directionLabel")}</span>
          <ChipTabs
            role="radio"
            variant="segment"
            className="trade-direction"
            label={t("trade.directionLabel")}
            options={(["long", "short"] as const).map((key) => ({ key, label: t(`trade.direction.${key}`) }))}
            value={direction}
            onChange={edit(setDirection)}
          />
        </div>
        <div className="field">
          <span className="field__label">{t("trade.priceTypeLabel")}</span>
          <ChipTabs
            role="radio"
            variant="segment"
            label={t("trade.priceTypeLabel")}
            options={(["market", "limit"] as const).map((key) => ({
              key,
              label: t(`trade.priceType.${key}`),
            }))}
            value={priceType}
            onChange={edit(setPriceType)}
          />
        </div>
        {priceType === "limit" && (
          <Field
            label={t("trade.limitPrice")}
            name="price"
            inputMode="text"
            value={limit}
            onChange={edit(setLimit)}
          />
        )}
        <div className="field">
          <span className="field__label">{t("trade.leverageLabel")}</span>
          <ChipTabs
            role="radio"
            variant="segment"
            label={t("trade.leverageLabel")}
            options={leverages.map((n) => ({ key: String(n), label: `${n}×` }))}
            value={String(leverage)}
            onChange={(key) => edit(setLeverage)(Number(key))}
          />
        </div>
        <QuantityStepper
          value={quantity}
          rule={rule}
          unit={rule.kind === "forex" ? stock.symbol.slice(0, 3) : stock.symbol.replace(/USDT?$/, "")}
          onChange={edit(setTyped)}
        />
        {leveraged && <RiskWarning product="leveraged" />}
        <IntradaySwitch allowance={allowance} checked={intraday} onChange={edit(setIntraday)} />
        {dayTrade && <RiskWarning product="dayTrading" />}
        <StopFields
          direction={direction}
          preview={preview.data}
          terms={terms}
          stopLoss={stopLoss}
          takeProfit={takeProfit}
          onStopLoss={edit(setStopLoss)}
          onTakeProfit={edit(setTakeProfit)}
        />
        <section
          className="trade-preview"
          aria-label={t("trade.previewTitle")}
          aria-busy={preview.isFetching}
        >
          {preview.data ? (
            <PreviewTerms preview={preview.data} exchangeLink />
          ) : (
            <p className="trade-preview__wait">{draft ? t("common.loading") : t("trade.limitRequired")}</p>
          )}
          <TradeRules terms={terms} preview={preview.data} />
        </section>
        <FormError className="trade-form__error" text={formError ?? previewError} />
        <Button
          block
          type="submit"
          color="primary"
          className={`trade-form__submit trade-form__submit--${direction}`}
          size="large"
          loading={draft !== null && !fresh && !previewError}
          loadingText={t(`trade.submit.${direction}`)}
        >
          {t(`trade.submit.${direction}`)}
        </Button>
      </form>
      <ConfirmOrder
        request={request}
        preview={preview.data}
        busy={place.isPending}
        error={sheetError}
        onConfirm={confirm}
        onClose={() => setRequest(null)}
      />
      <AcknowledgeRisk
        product="leveraged"
        open={acknowledging}
        onDone={acknowledged}
        onClose={() => setAcknowledging(false)}
      />
      <ConfirmSheet
        open={unusual !== null}
        busy={place.isPending}
        error={sheetError}
        title={t("risk.unusualTitle")}
        cancelLabel={t("trade.cancel")}
        confirmLabel={t("risk.unusualConfirm")}
        confirmColor="danger"
        role="alertdialog"
        onConfirm={() =>
          unusual && send({ ...unusual, confirmUnusual: true, idempotencyKey: newIdempotencyKey() })
        }
        onClose={() => setUnusual(null)}
      >
        <p className="trade-sheet__summary">{t("errors.ORDER_UNUSUAL")}</p>
        {(preview.data?.warnings ?? []).map((w) => (
          <p key={w.code} className="trade-sheet__summary">
            {t(`risk.warning.${w.code}`, {
              value: w.code === "priceFar" ? `${(Number(w.value) * 100).toFixed(1)}%` : `${w.value}×`,
              threshold: w.code === "priceFar" ? `${Number(w.threshold) * 100}%` : `${w.threshold}×`,
            })}
          </p>
        ))}
      </ConfirmSheet>
    </Screen>
  );
}
