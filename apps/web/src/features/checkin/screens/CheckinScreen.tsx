import "../checkin.css";
import { useId } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { CheckinReward } from "@brokerage/api";
import { QueryView } from "../../../components/QueryView";
import { Refreshable } from "../../../components/Refreshable";
import { Screen } from "../../../components/Screen";
import { formatMoneySafe } from "../../../lib/money";
import { showSuccess } from "../../../lib/toast";
import { useCheckinStatus, useRedeem } from "../api/checkin";
import { CheckInButton, CheckinFigures, TodayLine } from "../components/CheckinCard";

/** One reward: what it pays, the check-ins it spends, and the redeem button. */
function RewardRow({ reward, count }: { reward: CheckinReward; count: number }) {
  const { t } = useTranslation();
  const redeem = useRedeem();
  const amount = `${formatMoneySafe(reward.amount)} ${reward.currency}`;
  return (
    <li className="checkin-reward">
      <div className="checkin-reward__text">
        <p className="checkin-reward__amount">{amount}</p>
        <p className="checkin-reward__need">
          {t("checkin.needs", { count: reward.checkIns })}
          {!reward.redeemable && ` · ${t("checkin.toGo", { count: reward.checkIns - count })}`}
        </p>
      </div>
      <Button
        size="small"
        color="primary"
        fill={reward.redeemable ? "solid" : "outline"}
        className="checkin-reward__button"
        aria-label={t("checkin.redeemLabel", { amount, count: reward.checkIns })}
        loading={redeem.isPending}
        onClick={() =>
          redeem.mutate(reward.id, { onSuccess: () => showSuccess(t("checkin.redeemed", { amount })) })
        }
      >
        {t("checkin.redeem")}
      </Button>
    </li>
  );
}

/**
 * /home/checkIn: the daily check-in with its rewards (spec §1 "Daily check-in"). The streak and count,
 * today's check-in, the configured rewards with what each needs, and the rules: once per calendar day in
 * the phone's zone, a missed day starts the streak again, a reward spends its check-ins, nothing depends
 * on trading or deposits.
 */
export default function CheckinScreen() {
  const { t } = useTranslation();
  const status = useCheckinStatus();
  const rewardsId = useId();
  const rulesId = useId();
  return (
    <Screen title={t("title.home.checkIn")}>
      <Refreshable onRefresh={() => status.refetch()}>
        <QueryView query={status}>
          {(data) => (
            <div className="checkin-screen">
              <section className="card checkin-card" aria-label={t("checkin.title")}>
                <CheckinFigures status={data} />
                <TodayLine status={data} />
                <CheckInButton status={data} />
              </section>
              <section className="card checkin-rewards" aria-labelledby={rewardsId}>
                <h2 id={rewardsId} className="checkin-card__title">
                  {t("checkin.rewardsTitle")}
                </h2>
                {data.rewards.length > 0 ? (
                  <ul className="checkin-rewards__list">
                    {data.rewards.map((reward) => (
                      <RewardRow key={reward.id} reward={reward} count={data.count} />
                    ))}
                  </ul>
                ) : (
                  <p className="checkin-card__today">{t("checkin.noRewards")}</p>
                )}
              </section>
              <section className="card checkin-rules" aria-labelledby={rulesId}>
                <h2 id={rulesId} className="checkin-card__title">
                  {t("checkin.rulesTitle")}
                </h2>
                <ul className="checkin-rules__list">
                  <li>{t("checkin.rules.once", { zone: data.timeZone })}</li>
                  <li>{t("checkin.rules.streak")}</li>
                  <li>{t("checkin.rules.rewards")}</li>
                  <li>{t("checkin.rules.booked")}</li>
                  <li>{t("checkin.rules.independent")}</li>
                </ul>
                <p className="checkin-card__today">{t("checkin.total", { count: data.total })}</p>
              </section>
            </div>
          )}
        </QueryView>
      </Refreshable>
    </Screen>
  );
}
