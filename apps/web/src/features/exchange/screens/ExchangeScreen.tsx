import "../exchange.css";
import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { Currency, ExchangeResult } from "@brokerage/api";
import { fitsScale, money, scaleOf } from "@brokerage/core";
import { Screen } from "../../../components/Screen";
import { IconButton } from "../../../components/IconButton";
import { useGo } from "../../../app/useGo";
import { errorText } from "../../../lib/api";
import { ApiError, loadMoneyFormat } from "../../../lib/apiError";
import { loadContract } from "../../../lib/contract";
import { formatMoneySafe } from "../../../lib/money";
import { validate } from "../../../lib/validation";
import { useAccountOverview, useDisplayCurrency } from "../../account";
import { useExchange, useExchangeQuote, type HeldQuote } from "../api/exchange";
import { isCurrency } from "../../../lib/currency";
import { AmountField } from "../../../components/AmountField";
import { ConfirmSheet } from "../components/ConfirmSheet";
import { CurrencyPicker } from "../../../components/CurrencyPicker";
import { ExchangeDone } from "../components/ExchangeDone";
import { QuoteCountdown } from "../components/QuoteCountdown";
import { QuoteTerms } from "../components/QuoteTerms";
import { useCountdown } from "../components/useCountdown";
import { FormError } from "../../../components/FormError";

const RECORDS_PATH = "/information/fundRecord";

/** The message of a failed call: the translated code, or the network text. */
const failure = (cause: unknown, t: TFunction) =>
  cause instanceof ApiError ? errorText(cause.code, cause.params, cause.serverMsg) : t("common.networkError");

/**
 * /information/exChange: currency exchange (spec §5, §9; DESIGN §4.1). Pick the two currencies (swap
 * them with one tap), enter the amount to pay against the paying wallet's available balance, get a
 * quote (rate, disclosed spread, fee, amount received, a live countdown), confirm in a sheet; an expired
 * quote is never filled: the button asks for a new one. `?from=USD&to=INR` preselects the currencies.
 */
export default function ExchangeScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const [params] = useSearchParams();
  const initialFrom = params.get("from") ?? "";
  const initialTo = params.get("to") ?? "";
  const [from, setFrom] = useState<Currency>(isCurrency(initialFrom) ? initialFrom : "USD");
  const [to, setTo] = useState<Currency>(
    isCurrency(initialTo) && initialTo !== from ? initialTo : from === "INR" ? "USD" : "INR",
  );
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [held, setHeld] = useState<HeldQuote | null>(null);
  const [sheet, setSheet] = useState(false);
  const [result, setResult] = useState<{ result: ExchangeResult; from: Currency; to: Currency } | null>(null);
  const [display] = useDisplayCurrency();
  const overview = useAccountOverview(display);
  const quote = useExchangeQuote();
  const fill = useExchange();
  const seconds = useCountdown(held?.deadline, held?.receivedAt);
  const lifetime = held ? (Date.parse(held.quote.expiresAt) - Date.parse(held.quote.createdAt)) / 1000 : 0;
  const available = overview.data?.wallets.find((w) => w.currency === from)?.available;

  /** Any change of the request drops the quote: a quote is for exactly what it shows. */
  const edit = (change: () => void) => {
    change();
    setHeld(null);
    setAmountError(undefined);
    setFormError(undefined);
  };
  const pick = (side: "from" | "to") => (currency: Currency) =>
    edit(() => {
      const other = side === "from" ? to : from;
      // Picking the other side's currency swaps the two: they must differ (SAME_CURRENCY).
      if (currency === other) {
        setFrom(to);
        setTo(from);
      } else if (side === "from") setFrom(currency);
      else setTo(currency);
    });
  const swap = () =>
    edit(() => {
      setFrom(to);
      setTo(from);
    });

  /** The rules of the server, checked here first so a mistake shows beside the amount. */
  const check = async (): Promise<boolean> => {
    // The contract's schema, and the money format of the available balance a refusal may name.
    const [{ exchangeQuoteRequest }] = await Promise.all([loadContract(), loadMoneyFormat()]);
    const parsed = validate(exchangeQuoteRequest, { from, to, amount });
    let problem: string | undefined;
    if (amount === "") problem = t("form.required");
    else if (!parsed.ok)
      problem = parsed.errors.amount ? t("exchange.amountInvalid") : (parsed.errors.to ?? parsed.errors.from);
    else if (!fitsScale(amount, from))
      problem =
        scaleOf(from) === 0
          ? t("exchange.amountWhole", { currency: from })
          : t("exchange.amountDecimals", { currency: from, decimals: scaleOf(from) });
    else if (available !== undefined && money(amount).greaterThan(available))
      problem = errorText("INSUFFICIENT_AVAILABLE", { available });
    setAmountError(problem);
    return problem === undefined;
  };

  const getQuote = async () => {
    setFormError(undefined);
    if (!(await check())) return;
    quote.mutate(
      { from, to, amount },
      {
        onSuccess: (next) => setHeld(next),
        onError: (cause) => {
          if (cause instanceof ApiError && cause.code === "BELOW_MIN_AMOUNT")
            setAmountError(
              t("exchange.belowMin", { min: formatMoneySafe(cause.params.min ?? ""), currency: from }),
            );
          else if (cause instanceof ApiError && cause.params.field === "amount")
            setAmountError(failure(cause, t));
          else setFormError(failure(cause, t));
        },
      },
    );
  };

  const confirm = () => {
    if (!held) return;
    fill.mutate(held, {
      onSuccess: (done) => {
        setSheet(false);
        setHeld(null);
        setAmount("");
        setResult({ result: done, from: held.quote.from, to: held.quote.to });
      },
      onError: (cause) => {
        setSheet(false);
        setFormError(failure(cause, t));
        // Expired or filled already: this quote is done; a new one is one tap away.
        if (cause instanceof ApiError && cause.code === "QUOTE_EXPIRED")
          setHeld({ ...held, deadline: Date.now() });
        else if (cause instanceof ApiError && cause.code === "ORDER_STATE_INVALID") setHeld(null);
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (held && seconds > 0) setSheet(true);
    else void getQuote();
  };

  if (result)
    return (
      <Screen title={t("title.information.exChange")}>
        <ExchangeDone
          result={result.result}
          from={result.from}
          to={result.to}
          onAgain={() => setResult(null)}
          onRecords={() => go(RECORDS_PATH)}
        />
      </Screen>
    );

  const live = held !== null && seconds > 0;
  return (
    <Screen title={t("title.information.exChange")}>
      <form className="exchange-form card" onSubmit={submit} noValidate aria-describedby="exchange-lead">
        <p id="exchange-lead" className="form__lead">
          {t("exchange.lead")}
        </p>
        <div className="exchange-form__pair">
          <CurrencyPicker label={t("exchange.from")} value={from} onChange={pick("from")} />
          <IconButton
            icon="exchange"
            label={t("exchange.swap")}
            className="exchange-form__swap"
            onClick={swap}
          />
          <CurrencyPicker label={t("exchange.to")} value={to} onChange={pick("to")} />
        </div>
        <AmountField
          label={t("exchange.amount", { currency: from })}
          value={amount}
          currency={from}
          available={available}
          error={amountError}
          onChange={(value) => edit(() => setAmount(value))}
        />
        <FormError className="exchange-form__error" text={formError} />
        {held && (
          <section className="quote" aria-labelledby="quote-title">
            <h2 id="quote-title" className="quote__title">
              {t("exchange.quoteTitle")}
            </h2>
            <QuoteTerms quote={held.quote} />
            <QuoteCountdown seconds={seconds} total={lifetime} />
          </section>
        )}
        <Button block type="submit" color="primary" size="large" loading={quote.isPending}>
          {live ? t("exchange.exchangeNow") : held ? t("exchange.newQuote") : t("exchange.getQuote")}
        </Button>
        <ul className="form__rules">
          <li>{t("exchange.ruleRate")}</li>
          <li>{t("exchange.ruleExpiry")}</li>
          <li>{t("exchange.ruleTransfer")}</li>
        </ul>
      </form>
      {held && (
        <ConfirmSheet
          open={sheet}
          quote={held.quote}
          seconds={seconds}
          total={lifetime}
          busy={fill.isPending}
          onConfirm={confirm}
          onClose={() => setSheet(false)}
        />
      )}
    </Screen>
  );
}
