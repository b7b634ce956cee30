import { useId, useState, type FormEvent } from "react";
import Button from "antd-mobile/es/components/button";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "react-i18next";
import { ALERT_MOVE_PCT_MAX, ALERT_MOVE_PCT_MIN, type AlertConditionName } from "@brokerage/api/constants";
import { ChipTabs } from "../../../components/ChipTabs";
import { Field } from "../../../components/Field";
import { FormError } from "../../../components/FormError";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { showSuccess } from "../../../lib/toast";
import { useAlerts, useCreateAlert } from "../api/alerts";
import { CONDITIONS, moveBounds, priceShown, valueProblem } from "../preview";
import { AlertList } from "./AlertList";

/** The instrument an alert is set on, with its live price. */
export interface AlertStock {
  symbol: string;
  exchange: string;
  name: string;
  currency: string;
  /** The price now (the live quote's close). */
  price: string;
}

/**
 * The bell's sheet: the price now, what to wait for (above, below, a move either way), the value with its
 * unit and what it means, then the user's alerts on this instrument and the way to all of them.
 */
export function AlertSheet({
  open,
  stock,
  onClose,
  onShowAll,
}: {
  open: boolean;
  stock: AlertStock;
  onClose: () => void;
  onShowAll: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [condition, setCondition] = useState<AlertConditionName>("above");
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string>();
  const [error, setError] = useState<string>();
  const create = useCreateAlert();
  const list = useAlerts(open);
  const decimals = stock.price.split(".")[1]?.length ?? 0;
  const price = priceShown(stock.price, decimals);
  const mine = (list.data?.items ?? []).filter(
    (alert) => alert.symbol === stock.symbol && alert.state === "active",
  );

  const choose = (next: AlertConditionName) => {
    setCondition(next);
    setProblem(undefined);
    setError(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const wrong = valueProblem(value);
    setProblem(wrong ? t(`alerts.problem.${wrong}`) : undefined);
    if (wrong) return;
    create.mutate(
      { symbol: stock.symbol, exchange: stock.exchange, condition, value: value.trim() },
      {
        onSuccess: () => {
          setValue("");
          showSuccess(t("alerts.created"));
        },
        onError: (cause) =>
          setError(
            cause instanceof ApiError
              ? errorText(cause.code, cause.params, cause.serverMsg)
              : t("common.networkError"),
          ),
      },
    );
  };

  return (
    <Popup
      visible={open}
      onClose={onClose}
      closeOnMaskClick={!create.isPending}
      position="bottom"
      bodyClassName="alert-sheet"
    >
      {open && (
        <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
          <h2 id={titleId} className="alert-sheet__title">
            {t("alerts.sheetTitle", { name: stock.name })}
          </h2>
          <p className="alert-sheet__now">
            <span>{t("alerts.priceNow")}</span>
            {/* An <output> may carry a name: the live price, announced only when asked for. */}
            <output aria-live="off" aria-label={t("alerts.priceNow")} className="alert-sheet__price">
              {price} {stock.currency}
            </output>
          </p>
          <form onSubmit={submit} noValidate aria-labelledby={titleId}>
            <ChipTabs
              role="radio"
              label={t("alerts.when")}
              className="alert-sheet__conditions"
              options={CONDITIONS.map((key) => ({ key, label: t(`alerts.condition.${key}`) }))}
              value={condition}
              onChange={choose}
            />
            <Field
              label={t(`alerts.valueLabel.${condition}`, { currency: stock.currency })}
              name="value"
              inputMode="decimal"
              autoComplete="off"
              placeholder={condition === "movePct" ? "5" : stock.price}
              value={value}
              onChange={(next) => {
                setValue(next);
                setProblem(undefined);
              }}
              error={problem}
            />
            <p className="alert-sheet__hint">
              <Hint condition={condition} value={value} stock={stock} decimals={decimals} price={price} />
            </p>
            <FormError className="alert-sheet__error" text={error} />
            <div className="alert-sheet__actions">
              <Button fill="outline" size="large" onClick={onClose} disabled={create.isPending}>
                {t("alerts.cancel")}
              </Button>
              <Button type="submit" color="primary" size="large" loading={create.isPending}>
                {t("alerts.create")}
              </Button>
            </div>
          </form>
          <section className="alert-sheet__mine" aria-labelledby={`${titleId}-mine`}>
            <h3 id={`${titleId}-mine`} className="alert-sheet__section">
              {t("alerts.mineOn", { symbol: stock.symbol })}
            </h3>
            {mine.length > 0 ? (
              <AlertList
                alerts={mine}
                label={t("alerts.mineOn", { symbol: stock.symbol })}
                showInstrument={false}
              />
            ) : (
              list.data && <p className="alert-sheet__lead">{t("alerts.noneOn", { symbol: stock.symbol })}</p>
            )}
            <button type="button" className="text-button alert-sheet__all" onClick={onShowAll}>
              {t("alerts.all")}
            </button>
          </section>
        </div>
      )}
    </Popup>
  );
}

/** What the alert will do, worked out from what is typed (the rules themselves are the server's). */
function Hint({
  condition,
  value,
  stock,
  decimals,
  price,
}: {
  condition: AlertConditionName;
  value: string;
  stock: AlertStock;
  decimals: number;
  price: string;
}) {
  const { t } = useTranslation();
  const currency = stock.currency;
  if (condition === "movePct") {
    const bounds = moveBounds(stock.price, value, decimals);
    if (!bounds)
      return t("alerts.hint.movePctEmpty", {
        reference: price,
        currency,
        lowest: ALERT_MOVE_PCT_MIN,
        highest: ALERT_MOVE_PCT_MAX,
      });
    return t("alerts.hint.movePct", {
      percent: value.trim(),
      reference: price,
      up: priceShown(bounds.up, decimals),
      down: priceShown(bounds.down, decimals),
      currency,
    });
  }
  if (valueProblem(value)) return t(`alerts.hint.${condition}Empty`, { price, currency });
  return t(`alerts.hint.${condition}`, { price: priceShown(value.trim(), decimals), currency });
}
