import type { AuditEntry, UserDetail } from "@brokerage/api";
import { Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { auditColumns } from "../audit/columns";
import { tableScroll } from "../layout/ListCard";
import { formatDateTime } from "../lib/format";
import { amountText } from "../lib/money";
import { RevealValue } from "./RevealValue";

/** Message params that are amounts in the message's `currency` (as the phone's inbox words them). */
const MESSAGE_MONEY = new Set(["amount", "margin", "pnl", "total"]);

/** A message's params in one line, its amounts in the one money format (the currency then named by them). */
function paramsText(params: Record<string, string>): string {
  const amounts = Object.keys(params).some((key) => MESSAGE_MONEY.has(key));
  return (
    Object.entries(params)
      .filter(([key]) => !(amounts && key === "currency"))
      .map(([key, value]) => `${key}: ${MESSAGE_MONEY.has(key) ? amountText(value, params.currency) : value}`)
      .join(" · ") || "—"
  );
}

const when = (v: string | null) => <span className="admin-mono">{formatDateTime(v)}</span>;

export function CardsTable({ userId, cards }: { userId: string; cards: UserDetail["cards"] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<UserDetail["cards"][number]> = [
    { title: t("cards.holder"), dataIndex: "holderName", width: 140 },
    {
      title: t("cards.number"),
      dataIndex: "cardNumberMasked",
      width: 200,
      render: (masked: string, card) => (
        <RevealValue
          masked={masked}
          target={{ userId, field: "cardNumber", cardId: card.id }}
          title={t("reveal.cardNumberTitle", { masked })}
        />
      ),
    },
    { title: t("cards.bank"), dataIndex: "bankName", width: 160 },
    { title: t("cards.branch"), dataIndex: "branchName", width: 160 },
    {
      title: t("cards.bankCode"),
      key: "bankCode",
      width: 190,
      render: (_, card) => (
        <span className="admin-mono">
          {card.ifsc === null ? `SWIFT ${card.swift ?? ""} · ${card.country}` : `IFSC ${card.ifsc}`}
        </span>
      ),
    },
    { title: t("cards.added"), dataIndex: "createdAt", width: 150, render: when },
    {
      title: t("cards.state"),
      dataIndex: "removedAt",
      width: 130,
      render: (v: string | null) =>
        v ? (
          <Tag>{t("cards.removedAt", { at: formatDateTime(v) })}</Tag>
        ) : (
          <Tag color="green">{t("cards.bound")}</Tag>
        ),
    },
  ];
  return (
    <Table
      rowKey="id"
      size="small"
      columns={columns}
      scroll={tableScroll(columns)}
      dataSource={cards}
      pagination={false}
      locale={{ emptyText: t("cards.none") }}
    />
  );
}

export function WalletsTable({ wallets }: { wallets: UserDetail["wallets"] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<UserDetail["wallets"][number]> = [
    { title: t("wallets.type"), dataIndex: "type", width: 160, render: (v: string) => <Tag>{v}</Tag> },
    {
      title: t("wallets.address"),
      dataIndex: "address",
      render: (v: string) => (
        <Typography.Text copyable className="admin-mono">
          {v}
        </Typography.Text>
      ),
    },
    { title: t("wallets.added"), dataIndex: "createdAt", width: 200, render: when },
  ];
  return (
    <Table
      rowKey="id"
      size="small"
      columns={columns}
      scroll={tableScroll(columns)}
      dataSource={wallets}
      pagination={false}
      locale={{ emptyText: t("wallets.none") }}
    />
  );
}

export function SessionsTable({ sessions }: { sessions: UserDetail["sessions"]["items"] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<UserDetail["sessions"]["items"][number]> = [
    { title: t("sessions.started"), dataIndex: "createdAt", width: 200, render: when },
    { title: t("sessions.lastSeen"), dataIndex: "lastSeenAt", width: 200, render: when },
    {
      title: t("sessions.ip"),
      dataIndex: "ip",
      width: 160,
      render: (v: string | null) => <span className="admin-mono">{v ?? "—"}</span>,
    },
    {
      title: t("sessions.device"),
      dataIndex: "userAgent",
      ellipsis: true,
      render: (v: string | null) => v ?? "—",
    },
  ];
  return (
    <Table
      rowKey="id"
      size="small"
      columns={columns}
      scroll={tableScroll(columns)}
      dataSource={sessions}
      pagination={false}
      locale={{ emptyText: t("sessions.none") }}
    />
  );
}

export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation();
  return (
    <Table
      rowKey="id"
      size="small"
      columns={auditColumns(t, { target: false })}
      dataSource={entries}
      pagination={entries.length > 10 ? { pageSize: 10, showSizeChanger: false, size: "small" } : false}
      locale={{ emptyText: t("audit.none") }}
    />
  );
}

export function MessagesTable({ messages }: { messages: UserDetail["messages"] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<UserDetail["messages"][number]> = [
    { title: t("messages.sent"), dataIndex: "createdAt", width: 200, render: when },
    {
      title: t("messages.kind"),
      dataIndex: "kind",
      width: 200,
      render: (kind: string) => t(`messageKinds.${kind}`, { defaultValue: kind }),
    },
    {
      title: t("messages.params"),
      dataIndex: "params",
      ellipsis: true,
      render: paramsText,
    },
    {
      title: t("messages.read"),
      dataIndex: "read",
      width: 110,
      render: (read: boolean) =>
        read ? <Tag>{t("messages.isRead")}</Tag> : <Tag color="blue">{t("messages.unread")}</Tag>,
    },
  ];
  return (
    <Table
      rowKey="id"
      size="small"
      columns={columns}
      scroll={tableScroll(columns)}
      dataSource={messages}
      pagination={false}
      locale={{ emptyText: t("messages.none") }}
    />
  );
}
