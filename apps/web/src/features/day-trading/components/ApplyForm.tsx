import { useState, type FormEvent } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { Currency, DayTradingApplication, DayTradingApplyRequest } from "@brokerage/api";
import { fitsScale, money, scaleOf } from "@brokerage/core";
import { errorText } from "../../../lib/api";
import { ApiError, loadMoneyFormat } from "../../../lib/apiError";
import { loadContract } from "../../../lib/contract";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { validate } from "../../../lib/validation";
import { useAccountOverview, useDisplayCurrency } from "../../account/api/overview";
import { AmountField } from "../../exchange/components/AmountField";
import { CurrencyPicker } from "../../exchange/components/CurrencyPicker";
import { useApplyDayTrading } from "../api/dayTrading";
import { ConfirmApplication } from "./ConfirmApplication";
import { FormError } from "../../../components/FormError";

/** Refusals about the amount are shown beside it; anything else above the button. */
const AMOUNT_CODES = new Set(["INSUFFICIENT_AVAILABLE", "INVALID_INPUT"]);

/**
 * The application: a currency, the allowance asked for (the wallet's available balance beside it, as the
 * amount is held from it), checked here in the server's order, then a confirmation sheet, then
 * `dayTrading/apply` once under one idempotency key.
 */
export function ApplyForm({
  initialCurrency,
  onDone,
}: {
  initialCurrency: Currency;
  onDone: (application: DayTradingApplication) => void;
}) {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<Currency>(initialCurrency);
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [request, setRequest] = useState<DayTradingApplyRequest | null>(null);
  const [sheetError, setSheetError] = useState<string>();
  const [display] = useDisplayCurrency();
  const overview = useAccountOverview(display);
  const apply = useApplyDayTrading();
  const available = overview.data
    ? (overview.data.wallets.find((w) => w.currency === currency)?.available ?? "0")
    : undefined;

  /** The server's checks of the amount, here first so a mistake shows beside it. */
  const check = async (): Promise<string | undefined> => {
    const [{ dayTradingApplyRequest }] = await Promise.all([loadContract(), loadMoneyFormat()]);
    if (amount === "") return t("form.required");
    if (!validate(dayTradingApplyRequest.shape.amount, amount).ok) return t("exchange.amountInvalid");
    if (!fitsScale(amount, currency))
      return scaleOf(currency) === 0
        ? t("exchange.amountWhole", { currency })
        : t("exchange.amountDecimals", { currency, decimals: scaleOf(currency) });
    if (available !== undefined && money(amount).greaterThan(available))
      return errorText("INSUFFICIENT_AVAILABLE", { available });
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const problem = await check();
    setAmountError(problem);
    if (problem) return;
    setSheetError(undefined);
    setRequest({ currency, amount, idempotencyKey: newIdempotencyKey() });
  };

  const confirm = () => {
    if (!request) return;
    apply.mutate(request, {
      onSuccess: (application) => {
        setRequest(null);
        setAmount("");
        onDone(application);
      },
      onError: (cause) => {
        // No answer: the sheet stays, and confirming again sends the same key.
        if (!(cause instanceof ApiError)) return setSheetError(t("common.networkError"));
        setRequest(null);
        const text = errorText(cause.code, cause.params, cause.serverMsg);
        if (AMOUNT_CODES.has(cause.code)) setAmountError(text);
        else setFormError(text);
      },
    });
  };

  return (
    <form
      className="card form day-trading-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={t("dayTrading.formTitle")}
    >
      <h2 className="day-trading-card__title">{t("dayTrading.formTitle")}</h2>
      <CurrencyPicker
        label={t("dayTrading.currency")}
        value={currency}
        onChange={(next) => {
          setCurrency(next);
          setAmountError(undefined);
          setFormError(undefined);
        }}
      />
      <AmountField
        label={t("dayTrading.amount", { currency })}
        value={amount}
        currency={currency}
        available={available}
        error={amountError}
        onChange={(value) => {
          setAmount(value);
          setAmountError(undefined);
          setFormError(undefined);
        }}
      />
      <FormError className="trade-form__error" text={formError} />
      <Button block type="submit" color="primary" size="large">
        {t("dayTrading.submit")}
      </Button>
      <ConfirmApplication
        request={request}
        busy={apply.isPending}
        error={sheetError}
        onConfirm={confirm}
        onClose={() => setRequest(null)}
      />
    </form>
  );
}
