import Dialog from "antd-mobile/es/components/dialog";
import "../../../lib/imperative";
import { i18n } from "../../../lib/i18n";

/** Asks before sending: the details cannot be changed while the review runs. True when confirmed. */
export function confirmSubmission(): Promise<boolean> {
  const title = i18n.t("kyc.confirmTitle");
  return Dialog.confirm({
    // antd-mobile names the dialog only from this, not from its title.
    "aria-label": title,
    title,
    content: i18n.t("kyc.confirmText"),
    confirmText: i18n.t("kyc.confirmOk"),
    cancelText: i18n.t("kyc.cancel"),
  });
}
