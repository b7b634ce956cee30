import "../checkin.css";
import { useId } from "react";
import { Link } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { CheckinStatus } from "@brokerage/api";
import { ErrorState } from "../../../components/ErrorState";
import { formatDateTime } from "../../../lib/format";
import { formatMoneySafe } from "../../../lib/money";
import { showSuccess } from "../../../lib/toast";
import { useCheckIn, useCheckinStatus } from "../api/checkin";

/** The streak and count, in one line each; shared by the home card and the rewards screen. */
export function CheckinFigures({ status }: { status: CheckinStatus }) {
  const { t } = useTranslation();
  return (
    <dl className="checkin-figures">
      <div>
        <dt>{t("checkin.streak")}</dt>
        <dd>{t("checkin.days", { count: status.streak })}</dd>
      </div>
      <div>
        <dt>{t("checkin.count")}</dt>
        <dd>{status.count}</dd>
      </div>
    </dl>
  );
}

/** Today's state: checked in (and when the next opens, with its zone) or what today's check-in books. */
export function TodayLine({ status }: { status: CheckinStatus }) {
  const { t } = useTranslation();
  if (status.checkedInToday)
    return (
      <p className="checkin-card__today checkin-card__today--done">
        {t("checkin.doneToday")}
        {status.nextCheckInAt &&
          ` · ${t("checkin.nextAt", { at: formatDateTime(new Date(status.nextCheckInAt)) })}`}
      </p>
    );
  return (
    <p className="checkin-card__today">
      {status.perCheckIn
        ? t("checkin.todayBooks", {
            amount: formatMoneySafe(status.perCheckIn.amount),
            currency: status.perCheckIn.currency,
          })
        : t("checkin.todayCounts")}
    </p>
  );
}

/** The check-in button: one press, disabled once today is checked in. */
export function CheckInButton({ status }: { status: CheckinStatus }) {
  const { t } = useTranslation();
  const checkIn = useCheckIn();
  return (
    <Button
      className="checkin-card__button"
      color="primary"
      block
      disabled={status.checkedInToday}
      loading={checkIn.isPending}
      onClick={() =>
        checkIn.mutate(undefined, {
          onSuccess: (result) =>
            showSuccess(
              result.booked
                ? t("checkin.doneBooked", {
                    amount: formatMoneySafe(result.booked.amount),
                    currency: result.booked.currency,
                    count: result.streak,
                  })
                : t("checkin.done", { count: result.streak }),
            ),
        })
      }
    >
      {status.checkedInToday ? t("checkin.checkedIn") : t("checkin.checkIn")}
    </Button>
  );
}

/** The home screen's daily check-in card: the streak, today's state, the button and the way to the rewards. */
export function CheckinCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const status = useCheckinStatus();
  return (
    <section className="card checkin-card" aria-labelledby={titleId}>
      <div className="checkin-card__head">
        <h2 id={titleId} className="checkin-card__title">
          {t("checkin.title")}
        </h2>
        <Link className="card__link checkin-card__link" to="/home/checkIn">
          {t("checkin.rewardsLink")}
        </Link>
      </div>
      {status.isError ? (
        <ErrorState onRetry={() => void status.refetch()} />
      ) : status.data ? (
        <>
          <CheckinFigures status={status.data} />
          <TodayLine status={status.data} />
          <CheckInButton status={status.data} />
        </>
      ) : (
        <div className="checkin-card__loading" aria-busy="true" />
      )}
    </section>
  );
}
