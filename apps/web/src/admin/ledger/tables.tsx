import type { BalanceAdjustment, LedgerPosting, LedgerWallet } from "@brokerage/api";
import { Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { tableScroll } from "../layout/ListCard";
import { formatDateTime } from "../lib/format";
import { moneyText } from "../lib/money";

/** Kept here for the screens that import it from the ledger's tables. */
export { moneyText };

const when = (v: string | null) => <span className="admin-mono">{formatDateTime(v)}</span>;
const money = (currency: string, signed = false) =>
  function MoneyCell(v: string) {
    return <span className="admin-mono">{moneyText(v, currency, signed)}</span>;
  };

/** One row per currency: available, frozen (held), margin, loan. */
export function WalletBalances({ wallets }: { wallets: LedgerWallet[] }) {
  const { t } = useTranslation();
  const amount = (key: keyof LedgerWallet) => ({
    title: t(`ledger.purposes.${key}`),
    dataIndex: key,
    align: "right" as const,
    render: (v: string, w: LedgerWallet) => money(w.currency)(v),
  });
  const columns: ColumnsType<LedgerWallet> = [
    { title: t("ledger.currency"), dataIndex: "currency", width: 120, render: (v: string) => <Tag>{v}</Tag> },
    amount("available"),
    amount("held"),
    amount("margin"),
    amount("loan"),
  ];
  return (
    <Table
      rowKey="currency"
      size="small"
      columns={columns}
      dataSource={wallets}
      pagination={false}
      locale={{ emptyText: t("ledger.noWallets") }}
    />
  );
}

function Cause({ posting }: { posting: LedgerPosting }) {
  const { t } = useTranslation();
  if (posting.causedBy === "staff")
    return (
      <span>
        {t("ledger.causes.staff")}
        {posting.staffAccount ? (
          <Typography.Text type="secondary"> · {posting.staffAccount}</Typography.Text>
        ) : null}
      </span>
    );
  return <span>{t(`ledger.causes.${posting.causedBy}`)}</span>;
}

/** The user's postings, newest first: each with its running balance, why and who. */
export function PostingsTable({ items, loading }: { items: LedgerPosting[]; loading: boolean }) {
  const { t } = useTranslation();
  const columns: ColumnsType<LedgerPosting> = [
    { title: t("ledger.time"), dataIndex: "createdAt", width: 180, render: when },
    {
      title: t("ledger.type"),
      dataIndex: "entryType",
      width: 170,
      render: (type: string) => t(`entryTypes.${type}`, { defaultValue: type }),
    },
    {
      title: t("ledger.account"),
      dataIndex: "purpose",
      width: 110,
      render: (purpose: string) => t(`ledger.purposes.${purpose}`),
    },
    { title: t("ledger.currency"), dataIndex: "currency", width: 90 },
    {
      title: t("ledger.amount"),
      dataIndex: "amount",
      align: "right",
      width: 150,
      render: (v: string, p) => money(p.currency, true)(v),
    },
    {
      title: t("ledger.balanceAfter"),
      dataIndex: "balanceAfter",
      align: "right",
      width: 150,
      render: (v: string, p) => money(p.currency)(v),
    },
    {
      title: t("ledger.reason"),
      dataIndex: "reason",
      width: 260,
      ellipsis: true,
      render: (v: string | null) => v ?? "—",
    },
    { title: t("ledger.causedBy"), key: "cause", width: 170, render: (_, p) => <Cause posting={p} /> },
    {
      title: t("ledger.reference"),
      dataIndex: "reference",
      width: 200,
      ellipsis: true,
      render: (v: string | null) => (v ? <span className="admin-mono">{v}</span> : "—"),
    },
  ];
  // The table is wider than the page: it scrolls in a region of its own that a keyboard can reach and
  // a screen reader can name (Ant's own `scroll.x` scroller is neither).
  return (
    <div className="admin-ledger__scroll" role="region" aria-label={t("ledger.postings")} tabIndex={0}>
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={items}
        loading={loading}
        pagination={false}
        tableLayout="fixed"
        style={{ minWidth: 1500 }}
        locale={{ emptyText: t("ledger.noPostings") }}
      />
    </div>
  );
}

const STATE_COLORS = { pending: "gold", approved: "green", rejected: "red" } as const;

/** The user's latest adjustments in every state (a rejected one never reached the postings). */
export function AdjustmentsTable({ items }: { items: BalanceAdjustment[] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<BalanceAdjustment> = [
    { title: t("ledger.time"), dataIndex: "createdAt", width: 180, render: when },
    {
      title: t("ledger.amount"),
      dataIndex: "amount",
      align: "right",
      width: 170,
      render: (v: string, a) => (
        <span className="admin-mono">
          {moneyText(v, a.currency, true)} {a.currency}
        </span>
      ),
    },
    { title: t("ledger.reason"), dataIndex: "reason", ellipsis: true },
    { title: t("adjust.requestedBy"), dataIndex: "requestedBy", width: 150 },
    {
      title: t("ledger.state"),
      dataIndex: "state",
      width: 150,
      render: (state: BalanceAdjustment["state"]) => (
        <Tag color={STATE_COLORS[state]} variant="outlined">
          {t(`adjust.states.${state}`)}
        </Tag>
      ),
    },
    { title: t("ledger.decidedAt"), dataIndex: "decidedAt", width: 180, render: when },
  ];
  return (
    <Table
      rowKey="id"
      size="small"
      columns={columns}
      scroll={tableScroll(columns)}
      dataSource={items}
      pagination={false}
      locale={{ emptyText: t("adjust.none") }}
    />
  );
}
