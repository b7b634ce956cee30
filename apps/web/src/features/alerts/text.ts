import type { Alert } from "@brokerage/api";
import type { TFunction } from "i18next";
import { formatDateTime } from "../../lib/format";
import { formatPrice } from "../../lib/quote";

/** "Above 10.500 USD", "Moves 5% either way from 10.000 USD": what an alert waits for, in words. */
export function ruleText(t: TFunction, alert: Alert): string {
  const value = alert.condition === "movePct" ? alert.value : formatPrice(alert.value);
  return t(`alerts.rule.${alert.condition}`, {
    value,
    reference: formatPrice(alert.referencePrice),
    currency: alert.currency,
  });
}

/** When it was set and at what price, or when it fired and at what price. */
export function stateText(t: TFunction, alert: Alert): string {
  if (alert.state === "fired" && alert.firedAt && alert.firedPrice)
    return t("alerts.firedAt", {
      time: formatDateTime(new Date(alert.firedAt)),
      price: formatPrice(alert.firedPrice),
    });
  return t("alerts.setAt", {
    time: formatDateTime(new Date(alert.createdAt)),
    price: formatPrice(alert.referencePrice),
  });
}
