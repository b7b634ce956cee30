import { useTranslation } from "react-i18next";
import type { AcknowledgedProduct } from "@brokerage/api";
import { ConfirmSheet } from "../../../components/ConfirmSheet";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { useAcknowledgeRisk } from "../api/risk";
import { RiskWarning } from "./RiskWarning";

/**
 * Before a first leveraged order: the product's risk warning, acknowledged once (`risk/acknowledge`); the
 * order ticket goes on to its own confirmation after it.
 */
export function AcknowledgeRisk({
  product,
  open,
  onDone,
  onClose,
}: {
  product: AcknowledgedProduct;
  open: boolean;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const acknowledge = useAcknowledgeRisk();
  const error = acknowledge.error
    ? acknowledge.error instanceof ApiError
      ? errorText(acknowledge.error.code, acknowledge.error.params, acknowledge.error.serverMsg)
      : t("common.networkError")
    : undefined;
  return (
    <ConfirmSheet
      open={open}
      busy={acknowledge.isPending}
      error={error}
      title={t("risk.acknowledgeTitle")}
      cancelLabel={t("trade.cancel")}
      confirmLabel={t("risk.acknowledge")}
      onConfirm={() => acknowledge.mutate(product, { onSuccess: onDone })}
      onClose={onClose}
    >
      <RiskWarning product={product} />
      <p className="risk-warning__lead">{t("risk.acknowledgeText")}</p>
    </ConfirmSheet>
  );
}
