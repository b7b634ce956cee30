import { useState } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { IpoOfferingDetail } from "@brokerage/api";
import { verifyMerkleProof } from "@brokerage/core";
import { ApiError } from "../../../lib/apiError";
import { useIpoExpected, useIpoProof } from "../api/draw";
import { sharesText } from "../offering";
import { dateText } from "./OfferingBits";

type DrawFields = Pick<
  IpoOfferingDetail,
  "allocationRule" | "lotSize" | "beacon" | "applicationsRoot" | "randomness" | "seedHash" | "seed"
>;

/** The allocation rule as one of the rules a user reads before subscribing. */
export function AllocationRuleText({
  offering,
}: {
  offering: Pick<DrawFields, "allocationRule" | "lotSize">;
}) {
  const { t } = useTranslation();
  return <>{t(`ipo.allocation.${offering.allocationRule}`, { lot: sharesText(offering.lotSize) })}</>;
}

/**
 * The draw's published inputs (docs/primary-market.md): the rule and the beacon round announced before
 * anyone applies, the applications' root published at the close, the round's randomness once drawn; a local
 * beacon is said to be the operator's own. An offering drawn before beacons shows its seed and hash.
 */
export function DrawFairness({ offering }: { offering: DrawFields }) {
  const { t } = useTranslation();
  const { beacon } = offering;
  return (
    <section className="card ipo-fairness" aria-label={t("ipo.fairnessTitle")}>
      <h2 className="ipo-title">{t("ipo.fairnessTitle")}</h2>
      {beacon === null ? (
        <>
          <p className="ipo-fairness__text">{t("ipo.fairnessText")}</p>
          <dl className="ipo-hashes">
            <dt>{t("ipo.seedHash")}</dt>
            <dd>
              <code>{offering.seedHash}</code>
            </dd>
            <dt>{t("ipo.seed")}</dt>
            <dd>{offering.seed === null ? t("ipo.seedPending") : <code>{offering.seed}</code>}</dd>
          </dl>
        </>
      ) : (
        <>
          <p className="ipo-fairness__text">{t("ipo.draw.text")}</p>
          {!beacon.independent && <p className="ipo-fairness__note">{t("ipo.draw.localBeacon")}</p>}
          <dl className="ipo-hashes">
            <dt>{t("ipo.draw.rule")}</dt>
            <dd>
              <AllocationRuleText offering={offering} />
            </dd>
            <dt>{t("ipo.draw.beacon")}</dt>
            <dd>
              {t(beacon.independent ? "ipo.draw.drandRound" : "ipo.draw.localRound", {
                round: beacon.round,
                time: dateText(beacon.roundAt),
              })}
            </dd>
            <dt>{t("ipo.draw.root")}</dt>
            <dd>
              {offering.applicationsRoot === null ? (
                t("ipo.draw.rootPending")
              ) : (
                <code>{offering.applicationsRoot}</code>
              )}
            </dd>
            <dt>{t("ipo.draw.randomness")}</dt>
            <dd>
              {offering.randomness === null ? t("ipo.seedPending") : <code>{offering.randomness}</code>}
            </dd>
          </dl>
        </>
      )}
    </section>
  );
}

/** The whole shares of a decimal string, grouped as sharesText groups them ("4000.50" → "4,000"). */
const wholeSharesText = (decimal: string) =>
  (decimal.split(".")[0] ?? "0").replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Before applying: what the shares typed may expect under the offering's rule if the book stayed as now. */
export function ExpectedAllotment({ offering, shares }: { offering: IpoOfferingDetail; shares: string }) {
  const { t } = useTranslation();
  const expected = useIpoExpected(offering.id, shares, offering.status === "open");
  if (!expected.data) return null;
  return (
    <p className="ipo-expected">
      {t("ipo.draw.expected", {
        shares: wholeSharesText(expected.data.expectedShares),
        chance: expected.data.chance,
      })}
    </p>
  );
}

/**
 * The user's own application in the published root: its leaf, the path of sibling hashes and the root,
 * checked here in the browser with the core's verifier.
 */
export function InclusionProof({ subscriptionId, no }: { subscriptionId: string; no: string }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const proof = useIpoProof(subscriptionId, asked);
  if (!asked)
    return (
      <Button
        size="small"
        fill="outline"
        className="ipo-proof__open"
        onClick={() => setAsked(true)}
        aria-label={t("ipo.proof.openAria", { no })}
      >
        {t("ipo.proof.open")}
      </Button>
    );
  if (proof.isPending) return <p className="ipo-row__key">{t("ipo.proof.loading")}</p>;
  if (!proof.data) {
    const early = proof.error instanceof ApiError && proof.error.code === "NOT_YET_OPEN";
    return <p className="ipo-row__key">{t(early ? "ipo.proof.notYet" : "ipo.proof.failed")}</p>;
  }
  const { leaf, path, root } = proof.data;
  const included = verifyMerkleProof(leaf, path, root);
  return (
    <section className="ipo-proof" aria-label={t("ipo.proof.title")}>
      <p className={included ? "ipo-proof__ok" : "ipo-proof__bad"} role="status">
        {t(included ? "ipo.proof.included" : "ipo.proof.notIncluded")}
      </p>
      <dl className="ipo-hashes">
        <dt>{t("ipo.proof.leaf")}</dt>
        <dd>
          <code>{leaf}</code>
        </dd>
        <dt>{t("ipo.proof.path", { count: path.length })}</dt>
        <dd>
          <ol className="ipo-proof__path">
            {path.map((step, i) => (
              <li key={i}>
                {t(step.side === "left" ? "ipo.proof.left" : "ipo.proof.right")} <code>{step.hash}</code>
              </li>
            ))}
          </ol>
        </dd>
        <dt>{t("ipo.draw.root")}</dt>
        <dd>
          <code>{root}</code>
        </dd>
      </dl>
    </section>
  );
}
