import "../kyc.css";
import { useTranslation } from "react-i18next";

/** The upload's progress; at 100 % the server is still checking the photos. */
export function UploadProgress({ sent }: { sent: number }) {
  const { t } = useTranslation();
  const percent = Math.max(0, Math.min(100, Math.round(sent * 100)));
  return (
    <div className="kyc-progress">
      <div
        className="kyc-progress__track"
        role="progressbar"
        aria-label={t("kyc.uploading")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="kyc-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="kyc-progress__text">
        {percent < 100 ? t("kyc.uploadingPercent", { percent }) : t("kyc.processing")}
      </p>
    </div>
  );
}
