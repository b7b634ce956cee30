import { Button, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { formatDateTime } from "../lib/format";
import { actionText, detailsText, objectText, reasonText, type AnyAuditEntry } from "./words";

/** One colour per group of actions (AUDIT_ACTIONS' prefixes; a test keeps every group coloured). */
export const ACTION_COLORS: Record<string, string> = {
  admin: "blue",
  institution: "blue",
  staff: "geekblue",
  review: "gold",
  user: "purple",
  config: "cyan",
  channel: "green",
  blockTrade: "volcano",
  placement: "red",
  follow: "gold",
  proof: "green",
  ipo: "orange",
  news: "magenta",
  support: "cyan",
  read: "lime",
};

/** Actions that stand out from their group: a refused attempt reads as a warning. */
const ACTION_COLOR_OVERRIDES: Record<string, string> = { "staff.forbidden": "red" };

export const actionColor = (action: string): string =>
  ACTION_COLOR_OVERRIDES[action] ?? ACTION_COLORS[action.split(".")[0] ?? ""] ?? "default";

const oneLine = (text: string) => (
  <Typography.Text ellipsis={{ tooltip: text }} className="admin-audit__cell">
    {text}
  </Typography.Text>
);

/**
 * The audit log's columns, each one line (the drawer has the whole row). The user page hides the object
 * (it is always that user); `onOpen` adds the fixed column that opens the drawer.
 */
export function auditColumns(
  t: TFunction,
  { target = true, onOpen }: { target?: boolean; onOpen?: (entry: AnyAuditEntry) => void } = {},
): ColumnsType<AnyAuditEntry> {
  return [
    {
      title: t("audit.when"),
      dataIndex: "createdAt",
      width: 200,
      render: (v: string) => <span className="admin-mono">{formatDateTime(v)}</span>,
    },
    {
      title: t("audit.actor"),
      key: "actor",
      width: 170,
      render: (_: unknown, entry) => (
        <span className="admin-audit__actor">
          {oneLine(entry.actor)}
          {entry.actorRole ? (
            <Typography.Text type="secondary" className="admin-audit__role">
              {t(`roles.${entry.actorRole}`)}
            </Typography.Text>
          ) : entry.actorRole === null && entry.adminUserId === null ? (
            <Typography.Text type="secondary" className="admin-audit__role">
              {t("audit.system")}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      title: t("audit.action"),
      dataIndex: "action",
      width: 210,
      render: (action: string) => (
        <Tag color={actionColor(action)} className="admin-audit__tag">
          {actionText(t, action)}
        </Tag>
      ),
    },
    ...(target
      ? [
          {
            title: t("audit.target"),
            key: "object",
            width: 240,
            render: (_: unknown, entry: AnyAuditEntry) => oneLine(objectText(t, entry)),
          },
        ]
      : []),
    {
      title: t("audit.reason"),
      dataIndex: "reason",
      width: 200,
      render: (v: string | null) => oneLine(reasonText(t, v) ?? "—"),
    },
    {
      title: t("audit.details"),
      dataIndex: "details",
      render: (details: Record<string, unknown>) => (
        <Typography.Text type="secondary" ellipsis className="admin-audit__cell">
          {detailsText(t, details) || "—"}
        </Typography.Text>
      ),
    },
    ...(onOpen
      ? [
          {
            title: t("common.actions"),
            key: "open",
            width: 110,
            fixed: "right" as const,
            render: (_: unknown, entry: AnyAuditEntry) => (
              <Button
                size="small"
                onClick={() => onOpen(entry)}
                aria-label={t("audit.openAria", { action: actionText(t, entry.action) })}
              >
                {t("audit.open")}
              </Button>
            ),
          },
        ]
      : []),
  ];
}
