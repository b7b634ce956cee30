import type { AdminProof, StaffMe } from "@brokerage/api";
import { Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { formatDateTime } from "../lib/format";

const KIND_COLORS: Record<AdminProof["kind"], string> = { daily: "blue", staff: "purple" };

/** A SHA-256 in hex, its head and tail: enough to tell two apart at a glance, the whole of it copied. */
export const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

/** The root in the mono face, shortened, with a copy button naming whose root it copies. */
function RootCell({ proof, t }: { proof: AdminProof; t: TFunction }) {
  const copy = t("proofs.copyRoot", { currency: proof.currency, at: formatDateTime(proof.asOf) });
  return (
    <Typography.Text
      className="admin-mono admin-proofs__hash"
      title={proof.root}
      copyable={{ text: proof.root, tooltips: [copy, t("proofs.copied")] }}
    >
      {shortHash(proof.root)}
    </Typography.Text>
  );
}

/** Who built the tree: the daily schedule, the staff member looking, or another staff member's id. */
function BuiltBy({ proof, me, t }: { proof: AdminProof; me: StaffMe; t: TFunction }) {
  if (proof.builtBy === null) return t("proofs.schedule");
  if (proof.builtBy === me.id) return t("proofs.you", { account: me.account });
  return (
    <Typography.Text
      className="admin-mono"
      title={proof.builtBy}
      copyable={{ text: proof.builtBy, tooltips: [t("proofs.copyStaffId"), t("proofs.copied")] }}
    >
      {t("proofs.staffId", { id: proof.builtBy.slice(0, 8) })}
    </Typography.Text>
  );
}

/** The trees' table: one row per instant and currency, newest first as the server lists them. */
export function proofColumns(t: TFunction, me: StaffMe): ColumnsType<AdminProof> {
  return [
    {
      title: t("proofs.day"),
      dataIndex: "date",
      width: 100,
      render: (day: string) => <span className="admin-mono">{day}</span>,
    },
    {
      title: t("proofs.asOf"),
      dataIndex: "asOf",
      width: 190,
      render: (at: string) => <span className="admin-mono">{formatDateTime(at)}</span>,
    },
    {
      title: t("proofs.kindTitle"),
      dataIndex: "kind",
      width: 90,
      render: (kind: AdminProof["kind"]) => <Tag color={KIND_COLORS[kind]}>{t(`proofs.kind.${kind}`)}</Tag>,
    },
    {
      title: t("proofs.currency"),
      dataIndex: "currency",
      width: 80,
      render: (currency: string) => <Tag>{currency}</Tag>,
    },
    {
      // As the tree commits to it, to the ledger's 10⁻⁸: not rounded to the currency's scale.
      title: t("proofs.total"),
      dataIndex: "total",
      width: 150,
      align: "right",
      render: (total: string) => <span className="admin-mono">{total}</span>,
    },
    {
      title: t("proofs.leaves"),
      dataIndex: "leaves",
      width: 80,
      align: "right",
      render: (leaves: number) => <span className="admin-mono">{leaves}</span>,
    },
    {
      title: t("proofs.root"),
      key: "root",
      width: 190,
      render: (_, proof) => <RootCell proof={proof} t={t} />,
    },
    {
      title: t("proofs.chainHead"),
      dataIndex: "chainSeq",
      width: 90,
      render: (seq: string) => <span className="admin-mono">{t("proofs.link", { seq })}</span>,
    },
    {
      title: t("proofs.builtBy"),
      key: "builtBy",
      width: 150,
      render: (_, proof) => <BuiltBy proof={proof} me={me} t={t} />,
    },
  ];
}
