import Dialog from "antd-mobile/es/components/dialog";
import "../../../lib/imperative";
import type { FailedLogins } from "@brokerage/api";
import { Icon } from "../../../components/icons";
import { formatTimeText } from "../../../lib/format";
import { i18n } from "../../../lib/i18n";
import { navigateTo } from "../../../lib/navigation";

export const CHANGE_PASSWORD_PATH = "/information/loginPass";

/**
 * Someone failed to log in to this account since the owner last did: say so once, right after log-in,
 * and offer the password change. A dialog the owner has to answer, not a toast that can pass unread;
 * it is shown over the screen the log-in led to, so it outlives the log-in screen.
 */
export function showFailedLoginsNotice({ count, lastAt }: FailedLogins): void {
  const t = i18n.t.bind(i18n);
  const title = t("failedLogins.title");
  Dialog.show({
    "aria-label": title,
    className: "failed-logins",
    header: (
      <span className="failed-logins__icon">
        <Icon name="shield" />
      </span>
    ),
    title,
    content: (
      <p className="failed-logins__text">
        {t("failedLogins.body", { count, lastAt: formatTimeText(lastAt) })}
      </p>
    ),
    closeOnAction: true,
    actions: [
      {
        key: "change",
        text: t("failedLogins.changePassword"),
        bold: true,
        onClick: () => navigateTo(CHANGE_PASSWORD_PATH),
      },
      { key: "dismiss", text: t("failedLogins.dismiss"), className: "failed-logins__dismiss" },
    ],
  });
}
