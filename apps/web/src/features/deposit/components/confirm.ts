import Dialog from "antd-mobile/es/components/dialog";
import "../../../lib/imperative";
import { i18n } from "../../../lib/i18n";

/** Asks before a deposit is submitted (amount, currency, channel). True when confirmed. */
export function confirmDeposit(params: {
  amount: string;
  currency: string;
  channel: string;
}): Promise<boolean> {
  const title = i18n.t("deposit.confirmTitle");
  return Dialog.confirm({
    // antd-mobile names the dialog only from this, not from its title.
    "aria-label": title,
    title,
    content: i18n.t("deposit.confirmText", params),
    confirmText: i18n.t("deposit.confirmOk"),
    cancelText: i18n.t("deposit.cancel"),
  });
}
