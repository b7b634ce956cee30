import { useState } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { TradeOrder } from "@brokerage/api";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { formatDateTime } from "../../../lib/format";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { showSuccess } from "../../../lib/toast";
import { useNow } from "../../market";
import { useCancelOrder, useClosePosition } from "../api/trade";
import { isLockedAt } from "../order";
import { ConfirmAction } from "./ConfirmAction";

type Asked = { kind: "close"; key: string } | { kind: "cancel" };

/**
 * Cancel (a pending order) or close (an open, unlocked position), each after a confirmation; a locked
 * position says until when instead. A close retried after a lost answer sends the same key. In a list row
 * the action sits at the row's end; `bar` puts it across the foot of the screen, in reach of a thumb.
 */
export function OrderActions({
  order,
  name,
  layout = "row",
}: {
  order: TradeOrder;
  name: string;
  layout?: "row" | "bar";
}) {
  const { t } = useTranslation();
  const now = useNow();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [error, setError] = useState<string>();
  const close = useClosePosition();
  const cancel = useCancelOrder();

  const fail = (cause: unknown) => {
    if (!(cause instanceof ApiError)) return setError(t("common.networkError"));
    setError(errorText(cause.code, cause.params, cause.serverMsg));
  };
  const confirm = () => {
    if (!asked) return;
    setError(undefined);
    const done = (message: string) => () => {
      setAsked(null);
      showSuccess(message);
    };
    if (asked.kind === "close")
      close.mutate(
        { positionId: order.id, idempotencyKey: asked.key },
        { onSuccess: done(t("trade.closed")), onError: fail },
      );
    else cancel.mutate(order.id, { onSuccess: done(t("trade.cancelled")), onError: fail });
  };
  const ask = (next: Asked) => {
    setError(undefined);
    setAsked(next);
  };

  let action = null;
  if (order.state === "pending")
    action = (
      <Button
        size={layout === "bar" ? "large" : "small"}
        block={layout === "bar"}
        fill="outline"
        aria-label={t("trade.cancelOrderNamed", { name })}
        onClick={() => ask({ kind: "cancel" })}
      >
        {t("trade.cancelOrder")}
      </Button>
    );
  else if (order.state === "open" && isLockedAt(order, now))
    action = (
      <span className="trade-row__locked">
        {t("trade.lockedUntil", { until: formatDateTime(new Date(order.lockedUntil ?? "")) })}
      </span>
    );
  else if (order.state === "open")
    action = (
      <Button
        size={layout === "bar" ? "large" : "small"}
        block={layout === "bar"}
        color="primary"
        aria-label={t("trade.closeNamed", { name })}
        onClick={() => ask({ kind: "close", key: newIdempotencyKey() })}
      >
        {t("trade.close")}
      </Button>
    );
  if (!action) return null;

  const closing = asked?.kind === "close";
  return (
    <div className={layout === "bar" ? "trade-detail__bar" : "trade-row__actions"}>
      {action}
      <ConfirmAction
        open={asked !== null}
        title={closing ? t("trade.closeTitle") : t("trade.cancelTitle")}
        text={
          closing
            ? t("trade.closeText", { name, quantity: order.quantity })
            : t("trade.cancelText", { name, quantity: order.quantity })
        }
        confirmLabel={closing ? t("trade.closeOk") : t("trade.cancelOk")}
        busy={close.isPending || cancel.isPending}
        error={error}
        onConfirm={confirm}
        onClose={() => setAsked(null)}
      />
    </div>
  );
}
