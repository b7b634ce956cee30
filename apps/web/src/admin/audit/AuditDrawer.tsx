import { Descriptions, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AdminDrawer } from "../layout/FormDrawer";
import { formatDateTime } from "../lib/format";
import { actionColor } from "./columns";
import { actionText, codeText, objectText, reasonText, type AnyAuditEntry } from "./words";

/** Error codes inside the details, translated where the back office has their message. */
function translated(value: unknown, t: (code: string) => string): unknown {
  if (typeof value === "string") return t(value);
  if (Array.isArray(value)) return value.map((item) => translated(item, t));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, translated(v, t)]));
  return value;
}

/** One audit row in full: who (account, role), what, on what (in words and as stored), why, the details. */
export function AuditDrawer({ entry, onClose }: { entry: AnyAuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AdminDrawer open={entry !== null} onClose={onClose} size={560} title={t("audit.drawerTitle")}>
      {entry ? (
        <Descriptions column={1} size="small" bordered className="admin-descriptions">
          <Descriptions.Item label={t("audit.when")}>
            <span className="admin-mono">{formatDateTime(entry.createdAt)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t("audit.actor")}>
            {entry.actor}
            {entry.actorRole
              ? ` · ${t(`roles.${entry.actorRole}`)}`
              : entry.adminUserId
                ? ""
                : ` · ${t("audit.system")}`}
          </Descriptions.Item>
          <Descriptions.Item label={t("audit.action")}>
            <Tag color={actionColor(entry.action)}>{actionText(t, entry.action)}</Tag>
            <Typography.Text type="secondary" className="admin-mono">
              {entry.action}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t("audit.target")}>
            <div>{objectText(t, entry)}</div>
            <Typography.Text type="secondary" className="admin-mono" copyable>
              {entry.target}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t("audit.reason")}>
            {reasonText(t, entry.reason) ?? "—"}
          </Descriptions.Item>
          <Descriptions.Item label={t("audit.details")}>
            {Object.keys(entry.details).length > 0 ? (
              <pre className="admin-json">
                {JSON.stringify(
                  translated(entry.details, (code) => codeText(t, code)),
                  null,
                  2,
                )}
              </pre>
            ) : (
              "—"
            )}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </AdminDrawer>
  );
}
