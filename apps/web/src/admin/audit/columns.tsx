import type { AuditEntry } from "@brokerage/api";
import { Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { formatDateTime } from "../lib/format";

/** One colour per group of actions (AUDIT_ACTIONS' prefixes; a test keeps every group coloured). */
export const ACTION_COLORS: Record<string, string> = {
  staff: "geekblue",
  review: "gold",
  user: "purple",
  config: "cyan",
  channel: "green",
  blockTrade: "volcano",
  ipo: "orange",
  news: "magenta",
  read: "lime",
};

/** Actions that stand out from their group: a refused attempt reads as a warning. */
const ACTION_COLOR_OVERRIDES: Record<string, string> = { "staff.forbidden": "red" };

export const actionColor = (action: string): string =>
  ACTION_COLOR_OVERRIDES[action] ?? ACTION_COLORS[action.split(".")[0] ?? ""] ?? "default";

/** The details object of an entry, one "key: value" per item, for a row that must stay one line. */
export function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" · ");
}

/** The audit log's columns (the user page hides the target: it is always that user). */
export function auditColumns(
  t: TFunction,
  { target = true }: { target?: boolean } = {},
): ColumnsType<AuditEntry> {
  return [
    {
      title: t("audit.when"),
      dataIndex: "createdAt",
      width: 190,
      render: (v: string) => <span className="admin-mono">{formatDateTime(v)}</span>,
    },
    { title: t("audit.actor"), dataIndex: "actor", width: 150 },
    {
      title: t("audit.action"),
      dataIndex: "action",
      width: 220,
      render: (action: string) => (
        <Tag color={actionColor(action)}>{t(`auditActions.${action}`, { defaultValue: action })}</Tag>
      ),
    },
    ...(target
      ? [
          {
            title: t("audit.target"),
            dataIndex: "target",
            width: 200,
            ellipsis: true,
            render: (v: string) => <span className="admin-mono">{v}</span>,
          },
        ]
      : []),
    { title: t("audit.reason"), dataIndex: "reason", ellipsis: true, render: (v: string | null) => v ?? "—" },
    {
      title: t("audit.details"),
      dataIndex: "details",
      ellipsis: true,
      render: (details: Record<string, unknown>) => (
        <Typography.Text type="secondary">{detailsText(details) || "—"}</Typography.Text>
      ),
    },
  ];
}
