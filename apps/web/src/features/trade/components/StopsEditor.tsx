import { useState, type FormEvent } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { TradeOrder } from "@brokerage/api";
import { Field } from "../../../components/Field";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { showSuccess } from "../../../lib/toast";
import { useSetStops } from "../api/trade";
import { stopValue } from "../order";
import { FormError } from "../../../components/FormError";

/** An open position's stop-loss and take-profit; an emptied field removes that stop. */
export function StopsEditor({ order }: { order: TradeOrder }) {
  const { t } = useTranslation();
  const [stopLoss, setStopLoss] = useState(order.stopLoss ?? "");
  const [takeProfit, setTakeProfit] = useState(order.takeProfit ?? "");
  const [error, setError] = useState<string>();
  const save = useSetStops();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    save.mutate(
      {
        positionId: order.id,
        stopLoss: stopValue(stopLoss) ?? null,
        takeProfit: stopValue(takeProfit) ?? null,
      },
      {
        onSuccess: () => showSuccess(t("trade.stopsSaved")),
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
    <form className="card trade-form" onSubmit={submit} noValidate aria-label={t("trade.stopsTitle")}>
      <h2 className="trade-form__title">{t("trade.stopsTitle")}</h2>
      <div className="trade-form__stops">
        <Field label={t("trade.stopLoss")} name="stopLoss" value={stopLoss} onChange={setStopLoss} />
        <Field label={t("trade.takeProfit")} name="takeProfit" value={takeProfit} onChange={setTakeProfit} />
      </div>
      <FormError className="trade-form__error" text={error} />
      <Button block type="submit" fill="outline" color="primary" loading={save.isPending}>
        {t("trade.saveStops")}
      </Button>
    </form>
  );
}
