import { useState } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { IpoSubscription } from "@brokerage/api";
import { ConfirmSheet } from "../../../components/ConfirmSheet";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { showSuccess } from "../../../lib/toast";
import { ConfirmAction } from "../../trade";
import { usePayIpo, useWaiveIpo } from "../api/ipo";
import { pluralOf, sharesText } from "../offering";
import { AmountTerms } from "./AmountTerms";
import { dateText } from "./OfferingBits";

type Asked = { kind: "pay" | "waive"; key: string };

/**
 * Pay or waive a won allotment (`awaitingPayment`), each after a confirmation: paying shows the amount
 * against what the subscription holds to pay it from; waiving (which releases the hold) is irreversible. A retry after a lost
 * answer sends the same idempotency key.
 */
export function SubscriptionActions({
  subscription: s,
  name,
}: {
  subscription: IpoSubscription;
  name: string;
}) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [error, setError] = useState<string>();
  const pay = usePayIpo();
  const waive = useWaiveIpo();

  const ask = (kind: Asked["kind"]) => {
    setError(undefined);
    setAsked({ kind, key: newIdempotencyKey() });
  };
  const confirm = () => {
    if (!asked) return;
    setError(undefined);
    const mutation = asked.kind === "pay" ? pay : waive;
    mutation.mutate(
      { subscriptionId: s.id, idempotencyKey: asked.key },
      {
        onSuccess: () => {
          setAsked(null);
          showSuccess(asked.kind === "pay" ? t("ipo.paid") : t("ipo.waived"));
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
  const sheet = {
    busy: pay.isPending || waive.isPending,
    error,
    onConfirm: confirm,
    onClose: () => setAsked(null),
  };

  return (
    <div className="trade-row__actions ipo-actions">
      <Button
        size="small"
        fill="outline"
        aria-label={t("ipo.waiveNamed", { name })}
        onClick={() => ask("waive")}
      >
        {t("ipo.waive")}
      </Button>
      <Button size="small" color="danger" aria-label={t("ipo.payNamed", { name })} onClick={() => ask("pay")}>
        {t("ipo.pay")}
      </Button>
      <ConfirmSheet
        {...sheet}
        open={asked?.kind === "pay"}
        title={t("ipo.payTitle")}
        cancelLabel={t("trade.cancel")}
        confirmLabel={t("ipo.payOk")}
      >
        <p className="trade-sheet__summary">
          {t("ipo.payText", {
            count: pluralOf(s.allotted),
            shares: sharesText(s.allotted),
            name,
            time: dateText(s.paymentDueAt),
          })}
        </p>
        <AmountTerms
          price={s.price}
          shares={sharesText(s.allotted)}
          amount={s.amount}
          currency={s.currency}
          available={null}
          held={s.held}
        />
      </ConfirmSheet>
      <ConfirmAction
        {...sheet}
        open={asked?.kind === "waive"}
        title={t("ipo.waiveTitle")}
        text={t("ipo.waiveText", { count: pluralOf(s.allotted), shares: sharesText(s.allotted), name })}
        confirmLabel={t("ipo.waiveOk")}
      />
    </div>
  );
}
