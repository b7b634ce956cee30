import type { AdminIpoOffering, AdminIpoVerification } from "@brokerage/api";
import { Alert, Button, Descriptions, Modal, Typography } from "antd";
import { SafetyCertificateOutlined } from "@ant-design/icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useVerifyDraw } from "./api";
import { shares } from "./parts";

/** The offering's allocation rule, lot size and beacon, as one cell of the list. */
export function DrawTermsCell({ offering }: { offering: AdminIpoOffering }) {
  const { t } = useTranslation();
  return (
    <div>
      <div>{t(`ipos.rules.${offering.allocationRule}`)}</div>
      <Typography.Text type="secondary">{t("ipos.lotOf", { lot: shares(offering.lotSize) })}</Typography.Text>
      {offering.beacon && (
        <div>
          <Typography.Text type="secondary">
            {offering.beacon.independent
              ? t("ipos.beacon.drand", { round: offering.beacon.round })
              : t("ipos.beacon.local", { round: offering.beacon.round })}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}

/**
 * "Verify draw": `ipos/verify` recomputes the draw from its published inputs alone (root, randomness, rule,
 * shares, lot size) and says whether every allotment is the draw's. Offered once drawn with a beacon.
 */
export function VerifyDrawButton({ offering }: { offering: AdminIpoOffering }) {
  const { t } = useTranslation();
  const verify = useVerifyDraw();
  const [result, setResult] = useState<AdminIpoVerification | null>(null);
  if (offering.randomness === null) return null;
  return (
    <>
      <Button
        size="small"
        icon={<SafetyCertificateOutlined aria-hidden />}
        loading={verify.isPending}
        onClick={() => verify.mutate({ id: offering.id }, { onSuccess: setResult })}
        aria-label={t("ipos.verify.aria", { symbol: offering.symbol })}
      >
        {t("ipos.verify.button")}
      </Button>
      <Modal
        open={result !== null}
        title={t("ipos.verify.title", { symbol: offering.symbol })}
        onCancel={() => setResult(null)}
        footer={null}
      >
        {result && <Verification result={result} />}
      </Modal>
    </>
  );
}

function Verification({ result }: { result: AdminIpoVerification }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert
        type={result.ok ? "success" : "error"}
        showIcon
        message={
          result.ok
            ? t("ipos.verify.ok", { count: result.applications })
            : result.rootMatches
              ? t("ipos.verify.mismatches", { count: result.mismatches })
              : t("ipos.verify.rootDiffers")
        }
      />
      {!result.beacon.independent && (
        <Alert
          type="warning"
          showIcon
          className="admin-ipo__verify-note"
          message={t("ipos.beacon.localNote")}
        />
      )}
      {!result.rootBeforeRound && (
        <Alert
          type="warning"
          showIcon
          className="admin-ipo__verify-note"
          message={t("ipos.verify.rootLate")}
        />
      )}
      <Descriptions column={1} size="small" className="admin-ipo__verify">
        <Descriptions.Item label={t("ipos.verify.rule")}>
          {t(`ipos.rules.${result.allocationRule}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t("ipos.verify.publishedRoot")}>
          <code className="admin-mono">{result.publishedRoot}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t("ipos.verify.root")}>
          <code className="admin-mono">{result.root}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t("ipos.verify.randomness")}>
          <code className="admin-mono">{result.randomness}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t("ipos.verify.round")}>{result.beacon.round}</Descriptions.Item>
      </Descriptions>
      {result.firstMismatches.length > 0 && (
        <ul aria-label={t("ipos.verify.mismatchList")}>
          {result.firstMismatches.map((m) => (
            <li key={m.id} className="admin-mono">
              {t("ipos.verify.mismatch", { id: m.id, recorded: m.recorded, recomputed: m.recomputed })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
