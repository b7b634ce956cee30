import "../risk.css";
import { useState, type FormEvent } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { Currency, SelfProtection } from "@brokerage/api";
import { Screen } from "../../../components/Screen";
import { ChipTabs } from "../../../components/ChipTabs";
import { ConfirmSheet } from "../../../components/ConfirmSheet";
import { Field } from "../../../components/Field";
import { FormError } from "../../../components/FormError";
import { QueryView } from "../../../components/QueryView";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { formatDateTime, formatDateTimeIn } from "../../../lib/format";
import { showSuccess } from "../../../lib/toast";
import { useProtect, useSelfProtection } from "../api/risk";

/** The lengths offered for the kill switch, in hours: a day, three, a week, a month. */
const LOCK_HOURS = ["24", "72", "168", "720"] as const;
/** The currencies a loss limit is set in most (the account centre's and the markets' main ones). */
const LIMIT_CURRENCIES = ["USD", "INR", "THB"] as const;

const failure = (cause: unknown, fallback: string) =>
  cause instanceof ApiError ? errorText(cause.code, cause.params, cause.serverMsg) : fallback;

/**
 * /information/selfProtection, under security settings (DESIGN §5a "Users can lock themselves out"): the
 * kill switch (trading locked for a chosen time, not liftable early) and the daily loss limits, each with
 * what it does and what it does not do.
 */
export default function SelfProtectionScreen() {
  const { t } = useTranslation();
  const status = useSelfProtection();
  return (
    <Screen title={t("title.information.selfProtection")}>
      <div className="risk-screen">
        <QueryView query={status}>
          {(data) => (
            <>
              <KillSwitch status={data} />
              <LossLimits status={data} />
            </>
          )}
        </QueryView>
      </div>
    </Screen>
  );
}

function KillSwitch({ status }: { status: SelfProtection }) {
  const { t } = useTranslation();
  const { killSwitch } = useProtect();
  const [hours, setHours] = useState<(typeof LOCK_HOURS)[number]>("24");
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const confirm = () =>
    killSwitch.mutate(Number(hours), {
      onSuccess: () => {
        setAsking(false);
        showSuccess(t("risk.locked"));
      },
      onError: (cause) => {
        setAsking(false);
        setError(failure(cause, t("common.networkError")));
      },
    });
  return (
    <section className="card risk-card" aria-labelledby="risk-kill-title">
      <h2 id="risk-kill-title" className="risk-card__title">
        {t("risk.killTitle")}
      </h2>
      <p className="risk-card__text">{t("risk.killText")}</p>
      <p className="risk-card__state" aria-live="polite">
        {status.lockedUntil
          ? t("risk.lockedUntil", { until: formatDateTime(new Date(status.lockedUntil)) })
          : t("risk.notLocked")}
      </p>
      <div className="field">
        <span className="field__label">{t("risk.lockFor")}</span>
        <ChipTabs
          role="radio"
          variant="segment"
          label={t("risk.lockFor")}
          options={LOCK_HOURS.map((key) => ({ key, label: t(`risk.hours.${key}`) }))}
          value={hours}
          onChange={(value) => {
            setHours(value);
            setError(undefined);
          }}
        />
      </div>
      <FormError className="trade-form__error" text={error} />
      <Button block color="danger" size="large" onClick={() => setAsking(true)}>
        {status.lockedUntil ? t("risk.extend") : t("risk.lock")}
      </Button>
      <ConfirmSheet
        open={asking}
        busy={killSwitch.isPending}
        title={t("risk.lockConfirmTitle")}
        cancelLabel={t("trade.cancel")}
        confirmLabel={t("risk.lockConfirm")}
        confirmColor="danger"
        role="alertdialog"
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        <p className="risk-card__text">{t("risk.lockConfirmText", { hours: t(`risk.hours.${hours}`) })}</p>
      </ConfirmSheet>
    </section>
  );
}

function LossLimits({ status }: { status: SelfProtection }) {
  const { t } = useTranslation();
  const { lossLimit } = useProtect();
  const [currency, setCurrency] = useState<Currency>("USD");
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string>();
  const send = (body: { currency: Currency; amount: string | null }) =>
    lossLimit.mutate(body, {
      onSuccess: () => {
        setAmount("");
        showSuccess(t("risk.limitSaved"));
      },
      onError: (cause) => setError(failure(cause, t("common.networkError"))),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!/^\d+(\.\d{1,8})?$/.test(amount.trim())) return setError(t("risk.amountInvalid"));
    send({ currency, amount: amount.trim() });
  };
  return (
    <section className="card risk-card" aria-labelledby="risk-limit-title">
      <h2 id="risk-limit-title" className="risk-card__title">
        {t("risk.limitTitle")}
      </h2>
      <p className="risk-card__text">
        {t("risk.limitText", { start: formatDateTimeIn(new Date(status.dayStart), status.timeZone) })}
      </p>
      {status.lossLimits.length === 0 ? (
        <p className="risk-card__state">{t("risk.noLimit")}</p>
      ) : (
        <ul className="risk-limits" aria-label={t("risk.limitTitle")}>
          {status.lossLimits.map((limit) => (
            <li key={limit.currency} className="risk-limits__item">
              <span>
                {limit.amount === null
                  ? t("risk.limitNone", { currency: limit.currency })
                  : t("risk.limitValue", { amount: limit.amount, currency: limit.currency })}
                {" · "}
                {t("risk.today", { amount: limit.today, currency: limit.currency })}
                {limit.reached && <strong> · {t("risk.reached")}</strong>}
                {limit.next && (
                  <>
                    {" · "}
                    {limit.next.amount === null
                      ? t("risk.nextRemoved", { from: formatDateTime(new Date(limit.next.from)) })
                      : t("risk.nextAmount", {
                          amount: limit.next.amount,
                          from: formatDateTime(new Date(limit.next.from)),
                        })}
                  </>
                )}
              </span>
              {limit.amount !== null && limit.next === null && (
                <Button
                  size="small"
                  fill="outline"
                  className="risk-limits__remove"
                  aria-label={t("risk.removeLimit", { currency: limit.currency })}
                  onClick={() => send({ currency: limit.currency as Currency, amount: null })}
                >
                  {t("risk.remove")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate aria-label={t("risk.limitForm")}>
        <div className="field">
          <span className="field__label">{t("risk.currency")}</span>
          <ChipTabs
            role="radio"
            variant="segment"
            label={t("risk.currency")}
            options={LIMIT_CURRENCIES.map((key) => ({ key, label: key }))}
            value={currency as (typeof LIMIT_CURRENCIES)[number]}
            onChange={setCurrency}
          />
        </div>
        <Field
          label={t("risk.amount")}
          name="amount"
          inputMode="decimal"
          unit={currency}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setError(undefined);
          }}
        />
        <FormError className="trade-form__error" text={error} />
        <Button block type="submit" color="primary" size="large" loading={lossLimit.isPending}>
          {t("risk.setLimit")}
        </Button>
      </form>
    </section>
  );
}
