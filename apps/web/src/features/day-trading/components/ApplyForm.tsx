import { useState } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { Currency, DayTradingApplication, DayTradingApplyRequest } from "@brokerage/api";
import { money } from "@brokerage/core";
import { errorText } from "../../../lib/api";
import { amountFormError, useAmountForm } from "../../../lib/useAmountForm";
import { useAccountOverview, useDisplayCurrency } from "../../account";
import { AmountField } from "../../../components/AmountField";
import { CurrencyPicker } from "../../../components/CurrencyPicker";
import { useApplyDayTrading } from "../api/dayTrading";
import { ConfirmApplication } from "./ConfirmApplication";
import { FormError } from "../../../components/FormError";

/** Refusals about the amount are shown beside it; anything else above the button. */
const AMOUNT_CODES: ReadonlySet<string> = new Set(["INSUFFICIENT_AVAILABLE", "INVALID_INPUT"]);

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
  const [display] = useDisplayCurrency();
  const overview = useAccountOverview(display);
  const apply = useApplyDayTrading();
  const available = overview.data
    ? (overview.data.wallets.find((w) => w.currency === currency)?.available ?? "0")
    : undefined;
  const form = useAmountForm({
    // The server's checks of the amount, here first so a mistake shows beside it.
    check: ({ dayTradingApplyRequest }, amount) => {
      const problem = amountFormError(t, dayTradingApplyRequest.shape.amount, amount, currency);
      if (problem) return problem;
      if (available !== undefined && money(amount).greaterThan(available))
        return errorText("INSUFFICIENT_AVAILABLE", { available });
      return undefined;
    },
    toRequest: (amount, idempotencyKey): DayTradingApplyRequest => ({ currency, amount, idempotencyKey }),
    mutation: apply,
    amountCodes: AMOUNT_CODES,
    onDone: (application) => onDone(application),
  });

  return (
    <form
      className="card form day-trading-form"
      onSubmit={form.submit}
      noValidate
      aria-label={t("dayTrading.formTitle")}
    >
      <h2 className="day-trading-card__title">{t("dayTrading.formTitle")}</h2>
      <CurrencyPicker
        label={t("dayTrading.currency")}
        value={currency}
        onChange={(next) => {
          setCurrency(next);
          form.clearErrors();
        }}
      />
      <AmountField
        label={t("dayTrading.amount", { currency })}
        value={form.amount}
        currency={currency}
        available={available}
        error={form.amountError}
        onChange={form.change}
      />
      <FormError className="trade-form__error" text={form.formError} />
      <Button block type="submit" color="primary" size="large">
        {t("dayTrading.submit")}
      </Button>
      <ConfirmApplication {...form.sheet} />
    </form>
  );
}
