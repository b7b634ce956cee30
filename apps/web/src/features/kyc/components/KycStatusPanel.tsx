import { useId } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { KycStatusResponse } from "@brokerage/api";
import { formatDateTime } from "../../../lib/format";

type ShownState = Exclude<KycStatusResponse["state"], "not_verified">;

/** One mark per outcome; decorative (the heading says it in words). */
const MARKS: Record<ShownState, string> = {
  under_review: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-14v5l3 3",
  verified: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zm-3.5 9 2.5 2.5 5-5",
  failed: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v6m0 3.5v.5",
};

const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : null);

/** Where a submitted verification stands: under review, verified (masked data), or failed with the reason. */
export function KycStatusPanel({
  status,
  onResubmit,
}: {
  status: KycStatusResponse & { state: ShownState };
  onResubmit: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { state } = status;
  const rows: [string, string | null][] = [
    [t("kyc.nameLabel"), status.realName],
    [t("kyc.idLabel"), status.idNumber],
    [t("kyc.submittedAt"), when(status.submittedAt)],
    [t(state === "verified" ? "kyc.verifiedAt" : "kyc.reviewedAt"), when(status.decidedAt)],
  ];
  return (
    <section className={`card kyc-status kyc-status--${state}`} aria-labelledby={headingId}>
      <div className="kyc-status__head">
        <svg className="kyc-status__mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d={MARKS[state]}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <div>
          <h2 className="kyc-status__title" id={headingId}>
            {t(`kyc.states.${state}.title`)}
          </h2>
          <p className="kyc-status__text">{t(`kyc.states.${state}.text`)}</p>
        </div>
      </div>
      {state === "failed" && status.reason && (
        <div className="kyc-status__reason">
          <p className="kyc-status__reason-label">{t("kyc.reasonLabel")}</p>
          <p className="kyc-status__reason-text">{status.reason}</p>
        </div>
      )}
      <dl className="kyc-details">
        {rows
          .filter((row): row is [string, string] => row[1] !== null)
          .map(([label, value]) => (
            <div className="kyc-details__row" key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {state === "failed" && (
        <div className="kyc-status__actions">
          <Button block color="primary" size="large" onClick={onResubmit}>
            {t("kyc.resubmit")}
          </Button>
        </div>
      )}
    </section>
  );
}
