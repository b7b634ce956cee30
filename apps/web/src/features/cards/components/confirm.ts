import Dialog from "antd-mobile/es/components/dialog";
import "../../../lib/imperative";
import { i18n } from "../../../lib/i18n";

/** Asks before a removal; resolves true when the user confirms. */
export function confirmRemoval(content: string): Promise<boolean> {
  return Dialog.confirm({
    content,
    confirmText: i18n.t("cards.removeConfirmOk"),
    cancelText: i18n.t("cards.cancel"),
  });
}
