import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { FollowBuyRequest, FollowPreview, FollowProductDetail } from "@brokerage/api";
import { fitsScale } from "@brokerage/core";
import { AmountField } from "../../../components/AmountField";
import { ConfirmSheet } from "../../../components/ConfirmSheet";
import { Field } from "../../../components/Field";
import { FormError } from "../../../components/FormError";
import { TermList } from "../../../components/TermList";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { showSuccess } from "../../../lib/toast";
import { useDebounced } from "../../../lib/useDebounced";
import { useAccountOverview } from "../../account";
import { formatAmount } from "../../records";
import { useFollowBuy, useFollowPreview } from "../api/follow";
import { STOP_LOSS_MAX, STOP_LOSS_MIN, parseStopLoss } from "../product";
import { CostsTerms, RiskWarning, navText, timeText } from "./parts";

const AMOUNT = /^\d+(\.\d+)?$/;

/** The refusal codes shown beside the amount; the channel password's beside its field; others above the button. */
const AMOUNT_CODES = new Set([
  "BELOW_MIN_BUY",
  "AMOUNT_ABOVE_MAX",
  "INSUFFICIENT_AVAILABLE",
  "INVALID_INPUT",
]);

/** What the preview's figures say for this amount: the costs, the stop value, the units at the latest NAV. */
function PreviewTerms({ preview }: { preview: FollowPreview }) {
  const { t } = useTranslation();
  const m = (value: string) => `${formatAmount(value, preview.currency)} ${preview.currency}`;
  return (
    <TermList
      className="follow-terms"
      rows={[
        { label: t("follow.amount"), value: m(preview.amount), strong: true },
        { label: t("follow.latestNav"), value: `${navText(preview.nav)} (${timeText(preview.navAt)})` },
        { label: t("follow.unitsAtLatest"), value: preview.unitsAtLatestNav },
        { label: t("follow.stopValue"), value: m(preview.stopValue) },
        { label: t("follow.managementFeeAYear"), value: m(preview.managementFeeAYear) },
      ]}
    />
  );
}

/**
 * Buying units: the amount (within the product's range and the available balance), the channel password
 * of a private product, the required copy stop-loss (5–95 % of the amount); the costs and the risk warning
 * are shown before acting (`follow/preview`), then on the confirmation sheet, then `follow/buy` under one
 * idempotency key. The units are bought at the next NAV mark.
 */
export function BuyForm({ product }: { product: FollowProductDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const overview = useAccountOverview("USD");
  const available = overview.data?.wallets.find((w) => w.currency === product.currency)?.available;
  const [amount, setAmount] = useState("");
  const [stop, setStop] = useState("");
  const [password, setPassword] = useState("");
  const [amountError, setAmountError] = useState<string>();
  const [stopError, setStopError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [request, setRequest] = useState<FollowBuyRequest | null>(null);
  const [sheetError, setSheetError] = useState<string>();
  const buy = useFollowBuy();

  const copyStopLoss = parseStopLoss(stop);
  const amountOk = AMOUNT.test(amount) && /[1-9]/.test(amount) && fitsScale(amount, product.currency);
  const asked = useDebounced(
    amountOk && copyStopLoss !== null ? { productId: product.id, amount, copyStopLoss } : null,
    300,
  );
  const preview = useFollowPreview(asked);
  const shown = asked === null ? undefined : preview.data;
  const open = product.status === "open";
  const refusal = shown?.refusal ?? null;
  const refusalText =
    refusal === null
      ? undefined
      : errorText(refusal, {
          min: `${formatAmount(product.minBuy, product.currency)} ${product.currency}`,
          max: product.maxBuy ? `${formatAmount(product.maxBuy, product.currency)} ${product.currency}` : "",
          available: shown ? `${formatAmount(shown.available, product.currency)} ${product.currency}` : "",
        });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const amountProblem =
      amount === "" ? t("form.required") : amountOk ? undefined : t("exchange.amountInvalid");
    const stopProblem =
      copyStopLoss === null
        ? t("follow.stopLossInvalid", { min: STOP_LOSS_MIN, max: STOP_LOSS_MAX })
        : undefined;
    const passwordProblem = product.private && password === "" ? t("follow.passwordRequired") : undefined;
    setAmountError(amountProblem);
    setStopError(stopProblem);
    setPasswordError(passwordProblem);
    if (amountProblem || stopProblem || passwordProblem || copyStopLoss === null) return;
    if (refusal !== null && AMOUNT_CODES.has(refusal)) return setAmountError(refusalText);
    if (refusal !== null) return setFormError(refusalText);
    if (!shown) return;
    setSheetError(undefined);
    setRequest({
      productId: product.id,
      amount,
      copyStopLoss,
      ...(product.private ? { channelPassword: password } : {}),
      idempotencyKey: newIdempotencyKey(),
    });
  };

  const confirm = () => {
    if (!request) return;
    buy.mutate(request, {
      onSuccess: () => {
        setRequest(null);
        showSuccess(t("follow.bought"));
        navigate("/home/qcList");
      },
      onError: (cause) => {
        // No answer: the sheet stays and confirming again sends the same key (one buy at most).
        if (!(cause instanceof ApiError)) return setSheetError(t("common.networkError"));
        setRequest(null);
        const text = errorText(cause.code, cause.params, cause.serverMsg);
        if (cause.code === "CHANNEL_PASSWORD_WRONG") return setPasswordError(text);
        if (AMOUNT_CODES.has(cause.code)) return setAmountError(text);
        setFormError(text);
      },
    });
  };

  return (
    <>
      <form
        className="card trade-form follow-form"
        onSubmit={submit}
        noValidate
        aria-label={t("follow.buyTitle")}
      >
        <h2 className="follow-card__title">{t("follow.buyTitle")}</h2>
        <AmountField
          label={t("follow.amount")}
          value={amount}
          currency={product.currency}
          available={available}
          error={amountError}
          onChange={(value) => {
            setAmount(value);
            setAmountError(undefined);
          }}
        />
        <Field
          label={t("follow.stopLoss")}
          value={stop}
          inputMode="numeric"
          unit="%"
          error={stopError}
          hint={
            copyStopLoss !== null && amountOk
              ? t("follow.stopLossMeans", {
                  percent: copyStopLoss,
                  value: shown
                    ? `${formatAmount(shown.stopValue, product.currency)} ${product.currency}`
                    : "…",
                })
              : t("follow.stopLossHint", { min: STOP_LOSS_MIN, max: STOP_LOSS_MAX })
          }
          onChange={(value) => {
            setStop(value.replace(/[^\d]/g, ""));
            setStopError(undefined);
          }}
        />
        {product.private && (
          <Field
            label={t("follow.channelPassword")}
            value={password}
            secret
            autoComplete="off"
            error={passwordError}
            hint={t("follow.channelPasswordHint")}
            onChange={(value) => {
              setPassword(value);
              setPasswordError(undefined);
            }}
          />
        )}
        <section className="trade-preview" aria-label={t("follow.beforeYouBuy")}>
          <h3 className="follow-card__subtitle">{t("follow.beforeYouBuy")}</h3>
          {shown ? (
            <>
              <PreviewTerms preview={shown} />
              <CostsTerms fees={shown.fees} currency={shown.currency} />
              <RiskWarning copiers={shown.copierResults} />
            </>
          ) : (
            <p className="trade-preview__wait">{t("follow.previewWait")}</p>
          )}
        </section>
        <ul className="form__rules" aria-label={t("trade.rulesTitle")}>
          <li>{t("follow.ruleNextNav")}</li>
          <li>
            {t(product.earlyRedeem ? "follow.ruleRedeem" : "follow.ruleNoRedeem", {
              at: timeText(product.endsAt),
            })}
          </li>
        </ul>
        {!open && (
          <p className="trade-form__error" role="status">
            {t(`follow.notOpen.${product.status}`, { at: timeText(product.opensAt) })}
          </p>
        )}
        {refusalText && refusal !== null && !AMOUNT_CODES.has(refusal) && open && (
          <p className="trade-form__error" role="status">
            {refusalText}
          </p>
        )}
        <FormError className="trade-form__error" text={formError} />
        <Button block type="submit" color="danger" size="large" disabled={!open}>
          {t("follow.reviewBuy")}
        </Button>
      </form>
      <ConfirmSheet
        open={request !== null}
        busy={buy.isPending}
        error={sheetError}
        onConfirm={confirm}
        onClose={() => setRequest(null)}
        title={t("follow.confirmTitle")}
        cancelLabel={t("trade.cancel")}
        confirmLabel={t("follow.confirmOk")}
      >
        {request && shown && (
          <div className="follow-sheet">
            <p className="trade-sheet__summary">
              {t("follow.confirmSummary", {
                amount: `${formatAmount(request.amount, product.currency)} ${product.currency}`,
                name: product.name,
              })}
            </p>
            <p className="trade-sheet__summary">
              {t("follow.stopLossMeans", {
                percent: request.copyStopLoss,
                value: `${formatAmount(shown.stopValue, product.currency)} ${product.currency}`,
              })}
            </p>
            <CostsTerms fees={shown.fees} currency={shown.currency} />
            <RiskWarning copiers={shown.copierResults} />
          </div>
        )}
      </ConfirmSheet>
    </>
  );
}
