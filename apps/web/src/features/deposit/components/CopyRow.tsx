import { useTranslation } from "react-i18next";
import { IconButton } from "../../../components/IconButton";
import { copyText } from "../../../lib/clipboard";
import { showError, showSuccess } from "../../../lib/toast";

/** One detail of a channel (a label and its value) with a button that copies the value. */
export function CopyRow({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(value)) showSuccess(t("deposit.copied", { label }));
    else showError(t("deposit.copyFailed"));
  };
  return (
    <div className="deposit-detail">
      <dt className="deposit-detail__label">{label}</dt>
      <dd className={`deposit-detail__value${mono ? " deposit-detail__value--mono" : ""}`}>{value}</dd>
      <dd className="deposit-detail__action">
        <IconButton icon="copy" label={t("deposit.copy", { label })} onClick={() => void copy()} />
      </dd>
    </div>
  );
}
