import { NodeIndexOutlined } from "@ant-design/icons";
import type { AdminProof, AdminProofBuild } from "@brokerage/api";
import { Alert, Button, Card, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStaff } from "../auth/staff";
import { ListCard } from "../layout/ListCard";
import { PageHead, RefreshButton } from "../layout/PageHead";
import { formatDateTime } from "../lib/format";
import { useProofList } from "./api";
import { BuildModal } from "./BuildModal";
import { proofColumns } from "./columns";
import "./proofs.css";

/** What the proof shows, what it does not, and the two ways it is checked (docs/honesty.md). */
function ProofNotes({ latestDay }: { latestDay: string | undefined }) {
  const { t } = useTranslation();
  const command = `npm run proof:verify ${latestDay ?? "YYYY-MM-DD"}`;
  return (
    <Card variant="borderless" className="admin-card admin-proofs__notes">
      <section aria-labelledby="proofs-what">
        <Typography.Title level={5} id="proofs-what">
          {t("proofs.whatTitle")}
        </Typography.Title>
        <Typography.Paragraph>{t("proofs.whatText")}</Typography.Paragraph>
      </section>
      <section aria-labelledby="proofs-limit">
        <Typography.Title level={5} id="proofs-limit">
          {t("proofs.limitTitle")}
        </Typography.Title>
        <Typography.Paragraph>{t("proofs.limitText")}</Typography.Paragraph>
      </section>
      <section aria-labelledby="proofs-check">
        <Typography.Title level={5} id="proofs-check">
          {t("proofs.checkTitle")}
        </Typography.Title>
        <Typography.Paragraph>{t("proofs.checkApp")}</Typography.Paragraph>
        <Typography.Paragraph>
          {t("proofs.checkCommand")}{" "}
          <Typography.Text
            code
            className="admin-proofs__command"
            copyable={{ text: command, tooltips: [t("proofs.copyCommand"), t("proofs.copied")] }}
          >
            {command}
          </Typography.Text>
        </Typography.Paragraph>
      </section>
    </Card>
  );
}

/** What the last build answered: built now, already built this minute, or nothing to build. */
function BuildResult({ result, onClose }: { result: AdminProofBuild; onClose: () => void }) {
  const { t } = useTranslation();
  const first = result.items[0];
  const params = {
    at: formatDateTime(first?.asOf),
    currencies: result.items.map((p) => p.currency).join(", "),
  };
  const [type, text] = !first
    ? (["info", t("proofs.nothingToBuild")] as const)
    : result.built
      ? (["success", t("proofs.built", params)] as const)
      : (["info", t("proofs.alreadyBuilt", params)] as const);
  return (
    <Alert
      type={type}
      showIcon
      closable={{ onClose, "aria-label": t("common.close") }}
      title={text}
      role="status"
    />
  );
}

/**
 * Proofs of liabilities (`ledger.read`): the latest 60 trees, each currency's root and total as the app
 * publishes them, built by the daily schedule or by staff; a role with `ledger.adjust` builds one now.
 */
export function ProofsScreen() {
  const { t } = useTranslation();
  const { me, can } = useStaff();
  const list = useProofList();
  const items = list.data?.items ?? [];
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<AdminProofBuild | null>(null);
  const columns = useMemo(() => proofColumns(t, me), [t, me]);

  return (
    <div className="admin-page admin-proofs">
      <PageHead
        title={t("proofs.title")}
        lead={t("proofs.lead")}
        actions={
          <>
            <RefreshButton onRefresh={() => void list.refetch()} loading={list.isFetching} />
            {can("ledger.adjust") ? (
              <Button
                type="primary"
                icon={<NodeIndexOutlined aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                {t("proofs.build")}
              </Button>
            ) : null}
          </>
        }
      />
      <ProofNotes latestDay={items[0]?.date} />
      {result ? <BuildResult result={result} onClose={() => setResult(null)} /> : null}
      <ListCard<AdminProof>
        query={list}
        items={items}
        rowKey="id"
        size="middle"
        columns={columns}
        emptyText={t("proofs.none")}
      />
      <BuildModal open={confirming} onClose={() => setConfirming(false)} onBuilt={setResult} />
    </div>
  );
}
