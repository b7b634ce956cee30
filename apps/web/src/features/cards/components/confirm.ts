import Dialog from "antd-mobile/es/components/dialog";
import "../../../lib/imperative";
import { i18n } from "../../../lib/i18n";

/** Asks before a removal; resolves true when the user confirms. */
export function confirmRemoval(content: string): Promise<boolean> {
  return Dialog.confirm({
    // No title: the question is the dialog's name (antd-mobile names it only from this).
    "aria-label": content,
    content,
    confirmText: i18n.t("cards.removeConfirmOk"),
    cancelText: i18n.t("cards.cancel"),
  });
}
