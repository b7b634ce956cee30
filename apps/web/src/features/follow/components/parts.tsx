import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type {
  FollowCopierResults,
  FollowFees,
  FollowProduct,
  FollowProductStatus,
  FollowRisk,
} from "@brokerage/api";
import { TermList, type Term } from "../../../components/TermList";
import { formatDateTime } from "../../../lib/format";
import { formatPercent } from "../../../lib/currency";
import { formatAmount } from "../../records";
import { signedPercent, toneOfChange } from "../product";

/** An instant of the contract as spec §9's date with its zone; null: "—". */
export const timeText = (value: string | null) => (value === null ? "—" : formatDateTime(new Date(value)));

/** A NAV per unit: as marked, at most 8 decimals, without trailing zeros past the fourth. */
export function navText(nav: string): string {
  const [whole = "0", fraction = ""] = nav.split(".");
  const kept = fraction.replace(/0+$/, "").padEnd(4, "0");
  return `${Number(whole).toLocaleString("en-US")}.${kept}`;
}

/** A product's state (upcoming, open, running, ended, closed). */
export function StatusChip({ status }: { status: FollowProductStatus }) {
  const { t } = useTranslation();
  return <span className={`follow-chip follow-chip--${status}`}>{t(`follow.status.${status}`)}</span>;
}

/** A signed measured percentage in its tone (a rise red, a fall green: spec §9). */
export function Change({ value }: { value: string | null }) {
  return (
    <span className={`follow-change follow-change--${toneOfChange(value)}`}>{signedPercent(value)}</span>
  );
}

/** The risk score out of 10 (or "not yet scored" before enough days were measured). */
export function RiskBadge({ score }: { score: number | null }) {
  const { t } = useTranslation();
  return (
    <span
      className={`follow-risk follow-risk--${score === null ? "none" : score >= 7 ? "high" : score >= 4 ? "mid" : "low"}`}
    >
      {score === null ? t("follow.riskNone") : t("follow.riskOf", { score })}
    </span>
  );
}

/** The minimum (and maximum) of one buy. */
export function buyRange(product: Pick<FollowProduct, "minBuy" | "maxBuy" | "currency">, t: TFunction) {
  const min = formatAmount(product.minBuy, product.currency);
  return product.maxBuy === null
    ? t("follow.buyFrom", { min, currency: product.currency })
    : t("follow.buyRange", {
        min,
        max: formatAmount(product.maxBuy, product.currency),
        currency: product.currency,
      });
}

/** The measured figures of a product: NAV, the last day's change, since the start, drawdown, fund size. */
export function measuredRows(product: FollowProduct, t: TFunction): Term[] {
  return [
    { label: t("follow.nav"), value: `${navText(product.nav)} ${product.currency}` },
    { label: t("follow.navAt"), value: timeText(product.navAt) },
    { label: t("follow.dailyChange"), value: signedPercent(product.dailyChange.change) },
    { label: t("follow.sinceStart"), value: signedPercent(product.sinceStart) },
    { label: t("follow.maxDrawdown"), value: signedPercent(product.maxDrawdown) },
    {
      label: t("follow.fundSize"),
      value: `${formatAmount(product.fundSize, product.currency)} ${product.currency}`,
    },
    { label: t("follow.followers"), value: String(product.followers) },
  ];
}

/** The product's dates and limits: the follow time limit, the end time, a buy's range, redemption. */
export function termsRows(product: FollowProduct, t: TFunction): Term[] {
  return [
    { label: t("follow.buyLimits"), value: buyRange(product, t) },
    { label: t("follow.opensAt"), value: timeText(product.opensAt) },
    { label: t("follow.closesAt"), value: timeText(product.closesAt) },
    { label: t("follow.endsAt"), value: timeText(product.endsAt) },
    {
      label: t("follow.redeemLabel"),
      value: t(product.earlyRedeem ? "follow.redeemYes" : "follow.redeemNo"),
    },
    { label: t("follow.access"), value: t(product.private ? "follow.private" : "follow.public") },
  ];
}

/** What the leader and the platform are paid, as disclosed. */
export function CostsTerms({ fees, currency }: { fees: FollowFees; currency: string }) {
  const { t } = useTranslation();
  const leader = formatPercent(fees.leaderShare);
  return (
    <TermList
      className="follow-terms"
      rows={[
        { label: t("follow.buyCharge"), value: t("follow.none") },
        {
          label: t("follow.managementFee"),
          value: t("follow.aYear", { rate: formatPercent(fees.managementFeeRate) }),
        },
        {
          label: t("follow.performanceFee"),
          value: t("follow.ofRise", { rate: formatPercent(fees.performanceFeeRate) }),
        },
        { label: t("follow.leaderPay"), value: t("follow.leaderShareOf", { rate: leader }) },
        {
          label: t("follow.leaderPaid"),
          value: `${formatAmount(fees.leaderPaid, currency)} ${currency}`,
        },
        {
          label: t("follow.platformPaid"),
          value: `${formatAmount(fees.platformPaid, currency)} ${currency}`,
        },
      ]}
    />
  );
}

/** The risk score, what it was computed from, and its published formula. */
export function RiskTerms({ risk }: { risk: FollowRisk }) {
  const { t } = useTranslation();
  return (
    <>
      <TermList
        className="follow-terms"
        rows={[
          {
            label: t("follow.riskScore"),
            value: risk.score === null ? t("follow.riskNone") : t("follow.riskOf", { score: risk.score }),
          },
          { label: t("follow.volatility"), value: risk.volatility === null ? "—" : `${risk.volatility}%` },
          { label: t("follow.maxDrawdown"), value: signedPercent(risk.maxDrawdown) },
          { label: t("follow.measuredDays"), value: t("follow.days", { count: risk.days }) },
        ]}
      />
      <p className="follow-note">
        {t("follow.riskFormula", {
          volatility: risk.volatilityEdges.join(" / "),
          drawdown: risk.drawdownEdges.join(" / "),
        })}
      </p>
    </>
  );
}

/** The copiers' own results over one period, measured from their holdings. */
export function copierText(result: FollowCopierResults, t: TFunction): string {
  if (result.copiers === 0 || result.lostShare === null) return t("follow.copiersNone");
  return t("follow.copiersResult", {
    count: result.copiers,
    lost: result.lostShare,
    median: signedPercent(result.medianResult),
  });
}

/**
 * The warning before acting: copiers' results differ from the leader's (with the share who lost over the
 * last year), nothing is promised, the whole amount can be lost down to the stop-loss and beyond in a gap.
 */
export function RiskWarning({ copiers }: { copiers: FollowCopierResults }) {
  const { t } = useTranslation();
  return (
    <section className="follow-warning" aria-label={t("follow.warningTitle")}>
      <h3 className="follow-warning__title">{t("follow.warningTitle")}</h3>
      <ul>
        <li>{t("follow.warningDiffer")}</li>
        <li>
          {t("follow.warningCopiers", {
            from: timeText(copiers.from),
            to: timeText(copiers.to),
          })}{" "}
          {copierText(copiers, t)}
        </li>
        <li>{t("follow.warningMeasured")}</li>
        <li>{t("follow.warningLoss")}</li>
      </ul>
    </section>
  );
}
