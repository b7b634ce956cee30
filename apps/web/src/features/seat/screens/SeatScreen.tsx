import "../seat.css";
import { useId } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { SeatStatus } from "@brokerage/api";
import { QueryView } from "../../../components/QueryView";
import { Refreshable } from "../../../components/Refreshable";
import { Screen } from "../../../components/Screen";
import { formatDateTime } from "../../../lib/format";
import { LANGUAGES, type LanguageCode } from "../../../lib/languages";
import { showSuccess } from "../../../lib/toast";
import { useApplySeat, useSeatStatus } from "../api/seat";

/** The stored language code of a UI locale tag ("zh-TW" → "zh"); English when none matches. */
const codeOf = (tag: string): LanguageCode =>
  (Object.entries(LANGUAGES).find(([, l]) => l.tag === tag)?.[0] as LanguageCode | undefined) ?? "en";

/** The state, the application's dates and, on a refusal, the reviewer's reason. */
function StateCard({ status }: { status: SeatStatus }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { application } = status;
  return (
    <section className="card seat-card" aria-labelledby={titleId}>
      <div className="seat-card__head">
        <h2 id={titleId} className="seat-card__title">
          {t("seat.statusTitle")}
        </h2>
        <span className={`state-pill state-pill--${status.state}`}>{t(`seat.state.${status.state}`)}</span>
      </div>
      <p className="seat-card__text">
        {application
          ? t("seat.applied", { date: formatDateTime(new Date(application.createdAt)) })
          : t("seat.noneYet")}
      </p>
      {application?.decidedAt && (
        <p className="seat-card__text">
          {t("seat.decided", { date: formatDateTime(new Date(application.decidedAt)) })}
        </p>
      )}
      {status.state === "review" && <p className="seat-card__text">{t("seat.reviewNote")}</p>}
      {status.state === "approved" && <p className="seat-card__text">{t("seat.approvedNote")}</p>}
      {status.state === "rejected" && application?.reason && (
        <p className="refusal-reason">{t("seat.reason", { reason: application.reason })}</p>
      )}
    </section>
  );
}

/**
 * /information/seat: the seat account (spec §6). What a seat grants, as the operator names it, before
 * anything else; the state (none, under review, approved, rejected with the reason); the application.
 */
export default function SeatScreen() {
  const { t, i18n } = useTranslation();
  const status = useSeatStatus();
  const apply = useApplySeat();
  const grantsId = useId();
  const code = codeOf(i18n.language);
  return (
    <Screen title={t("title.information.seat")}>
      <Refreshable onRefresh={() => status.refetch()}>
        <QueryView query={status}>
          {(data) => (
            <div className="seat-screen">
              <section className="card seat-card" aria-labelledby={grantsId}>
                <h2 id={grantsId} className="seat-card__title">
                  {t("seat.grantsTitle")}
                </h2>
                {data.grants.length > 0 ? (
                  <ul className="seat-grants">
                    {data.grants.map((grant) => (
                      <li key={grant.en}>{grant[code] || grant.en}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="seat-card__text">{t("seat.notOffered")}</p>
                )}
                {data.grants.length > 0 && data.requireKyc && (
                  <p className="seat-card__text">{t("seat.kycNeeded")}</p>
                )}
              </section>
              <StateCard status={data} />
              {data.canApply && (
                <Button
                  block
                  color="primary"
                  size="large"
                  loading={apply.isPending}
                  onClick={() =>
                    apply.mutate(undefined, { onSuccess: () => showSuccess(t("seat.submitted")) })
                  }
                >
                  {t(data.state === "rejected" ? "seat.applyAgain" : "seat.apply")}
                </Button>
              )}
            </div>
          )}
        </QueryView>
      </Refreshable>
    </Screen>
  );
}
