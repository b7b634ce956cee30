import { useId, useRef, useState } from "react";
import Button from "antd-mobile/es/components/button";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "react-i18next";
import type { Currency, StatementRequest } from "@brokerage/api";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { LANGUAGES } from "../../../lib/languages";
import { showError, showSuccess } from "../../../lib/toast";
import { fetchStatementDocument } from "../api/documents";
import { fetchStatement, saveFile } from "../api/statement";
import { CURRENCIES as WALLET_CURRENCIES } from "@brokerage/api/constants";

const pad = (n: number) => String(n).padStart(2, "0");
/** A local calendar day as YYYY-MM-DD (what a date input holds). */
export const isoDay = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;

/** The app language's locale tag, for the file's texts; none (the server writes English) for any other tag. */
export function statementLanguageOf(language: string): StatementRequest["language"] {
  return Object.values(LANGUAGES).find(({ tag }) => tag === language)?.tag;
}

/** The first and last day of the calendar month `back` months before `today`'s (0: this month so far). */
export function monthOf(today: string, back: number): { from: string; to: string } {
  const [year = 0, month = 1] = today.split("-").map(Number);
  const first = new Date(Date.UTC(year, month - 1 - back, 1));
  const last = new Date(Date.UTC(year, month - back, 0));
  const day = (at: Date) => at.toISOString().slice(0, 10);
  return { from: day(first), to: back === 0 ? today : day(last) };
}

/**
 * The request of the form, or what is wrong with it. The server checks the range's length too (at most
 * STATEMENT_MAX_DAYS, DATE_RANGE_INVALID with the limit), and the form shows its answer the same way.
 * The file is written in the app's language (`language`, i18n's current one).
 */
export function statementRequestOf(
  values: { from: string; to: string; currency: string },
  timeZone: string,
  language: string,
): StatementRequest | { error: "required" | "order" } {
  if (!values.from || !values.to) return { error: "required" };
  // ISO days compare as text.
  if (values.from > values.to) return { error: "order" };
  const tag = statementLanguageOf(language);
  return {
    from: values.from,
    to: values.to,
    ...(values.currency ? { currency: values.currency as Currency } : {}),
    timeZone,
    ...(tag ? { language: tag } : {}),
  };
}

/**
 * The funds statement: a date range (this month so far by default) and a currency, then a CSV file from
 * `fund/statement`, saved on the phone. Nothing moves money here, so there is nothing to confirm.
 */
export function StatementSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const ids = { from: useId(), to: useId(), currency: useId(), error: useId() };
  const firstInput = useRef<HTMLInputElement>(null);
  const today = isoDay(new Date());
  const [values, setValues] = useState(() => ({ from: `${today.slice(0, 8)}01`, to: today, currency: "" }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The phone's time zone: the statement's days are the user's days, and its times are written in it.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => {
    setError(null);
    setValues((v) => ({ ...v, [name]: event.target.value }));
  };

  const download = async (format: "csv" | "document") => {
    // The language at the moment of the download: the file speaks as the screen does.
    const request = statementRequestOf(values, timeZone, i18n.language);
    if ("error" in request) {
      setError(t(`records.statement.${request.error}`));
      return;
    }
    setBusy(true);
    try {
      await saveFile(await (format === "csv" ? fetchStatement(request) : fetchStatementDocument(request)));
      showSuccess(t("records.statement.saved"));
      onClose();
    } catch (cause) {
      if (cause instanceof ApiError) {
        if (cause.code !== "UNAUTHORIZED") setError(errorText(cause.code, cause.params, cause.serverMsg));
      } else if (!(cause instanceof DOMException && cause.name === "AbortError")) {
        // A transport failure; a share sheet the user closed is no failure.
        showError(t("common.networkError"));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup
      visible={open}
      onClose={onClose}
      closeOnMaskClick
      position="bottom"
      bodyClassName="statement-sheet"
      afterShow={() => firstInput.current?.focus()}
    >
      <form
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="statement-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void download("csv");
        }}
      >
        <h2 id={titleId} className="statement-form__title">
          {t("records.statement.title")}
        </h2>
        <p className="form__lead">{t("records.statement.lead", { timeZone })}</p>
        <div className="statement-form__dates">
          <div className={`field${error ? " field--error" : ""}`}>
            <label className="field__label" htmlFor={ids.from}>
              {t("records.statement.from")}
            </label>
            <div className="field__control">
              <input
                ref={firstInput}
                id={ids.from}
                type="date"
                className="field__input"
                value={values.from}
                max={values.to || today}
                onChange={set("from")}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? ids.error : undefined}
              />
            </div>
          </div>
          <div className={`field${error ? " field--error" : ""}`}>
            <label className="field__label" htmlFor={ids.to}>
              {t("records.statement.to")}
            </label>
            <div className="field__control">
              <input
                id={ids.to}
                type="date"
                className="field__input"
                value={values.to}
                min={values.from || undefined}
                onChange={set("to")}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? ids.error : undefined}
              />
            </div>
          </div>
        </div>
        <div className="statement-form__months">
          {([0, 1] as const).map((back) => (
            <Button
              key={back}
              fill="outline"
              onClick={() => {
                setError(null);
                setValues((v) => ({ ...v, ...monthOf(today, back) }));
              }}
            >
              {t(back === 0 ? "records.statement.thisMonth" : "records.statement.lastMonth")}
            </Button>
          ))}
        </div>
        {error && (
          <p className="field__error" id={ids.error} role="alert">
            {error}
          </p>
        )}
        <div className="field">
          <label className="field__label" htmlFor={ids.currency}>
            {t("records.statement.currency")}
          </label>
          <div className="field__control">
            <select
              id={ids.currency}
              className="field__input"
              value={values.currency}
              onChange={set("currency")}
            >
              <option value="">{t("records.statement.allCurrencies")}</option>
              {WALLET_CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="statement-form__actions">
          <Button fill="outline" size="large" onClick={onClose}>
            {t("records.statement.cancel")}
          </Button>
          <Button type="submit" color="primary" size="large" disabled={busy}>
            {busy ? t("records.statement.downloading") : t("records.statement.download")}
          </Button>
        </div>
        <Button block size="large" fill="outline" disabled={busy} onClick={() => void download("document")}>
          {t("records.statement.downloadDocument")}
        </Button>
      </form>
    </Popup>
  );
}
