import Dialog from "antd-mobile/es/components/dialog";
import "../../../lib/imperative";
import { i18n } from "../../../lib/i18n";

/** Asks before sending: the details cannot be changed while the review runs. True when confirmed. */
export function confirmSubmission(): Promise<boolean> {
  return Dialog.confirm({
    title: i18n.t("kyc.confirmTitle"),
    content: i18n.t("kyc.confirmText"),
    confirmText: i18n.t("kyc.confirmOk"),
    cancelText: i18n.t("kyc.cancel"),
  });
}
