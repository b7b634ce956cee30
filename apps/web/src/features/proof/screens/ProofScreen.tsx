import "../proof.css";
import { useId, useMemo } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { verifyInclusion } from "@brokerage/core";
import type { ProofInclusion, ProofLatest } from "@brokerage/api";
import { QueryView } from "../../../components/QueryView";
import { Refreshable } from "../../../components/Refreshable";
import { Screen } from "../../../components/Screen";
import { useGo } from "../../../app/useGo";
import { loginPathFor } from "../../../app/access";
import { formatDateTime } from "../../../lib/format";
import { formatMoneySafe } from "../../../lib/money";
import { hasSession } from "../../../lib/storage";
import { useProofLatest, useProofMine } from "../api/proof";

/** The published proof: its day and instant, the journal chain's head, and each currency's total and root. */
function PublishedCard({ latest }: { latest: ProofLatest }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="card proof-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="proof-card__title">
        {t("proof.publishedTitle")}
      </h2>
      <p className="proof-card__text">
        {t("proof.asOf", {
          date: latest.date,
          time: latest.asOf ? formatDateTime(new Date(latest.asOf)) : "—",
        })}{" "}
        {t(`proof.kind.${latest.kind ?? "daily"}`)}
      </p>
      <dl className="proof-totals">
        {latest.totals.map((total) => (
          <div key={total.currency} className="proof-total">
            <dt>{total.currency}</dt>
            <dd>
              <span className="proof-total__amount">{formatMoneySafe(total.total)}</span>
              <span className="proof-card__text">{t("proof.balances", { count: total.leaves })}</span>
              <span className="proof-hash" aria-label={t("proof.rootOf", { currency: total.currency })}>
                {total.root}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      {latest.chainHash && (
        <p className="proof-card__text">
          {t("proof.chainHead", { seq: latest.chainSeq })}
          <span className="proof-hash">{latest.chainHash}</span>
        </p>
      )}
      <p className="proof-card__note">{t("proof.limits")}</p>
    </section>
  );
}

/** One of the caller's leaves, verified here in the browser against the published root and total. */
function InclusionCard({ inclusion, date }: { inclusion: ProofInclusion; date: string | null }) {
  const { t } = useTranslation();
  const titleId = useId();
  const verdict = useMemo(
    () =>
      verifyInclusion({
        currency: inclusion.currency,
        userId: inclusion.userId,
        salt: inclusion.salt,
        balance: BigInt(inclusion.balanceUnits),
        path: inclusion.path.map((s) => ({ side: s.side, hash: s.hash, sum: BigInt(s.sumUnits) })),
        root: inclusion.root,
        total: BigInt(inclusion.totalUnits),
      }),
    [inclusion],
  );
  return (
    <section className="card proof-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="proof-card__title">
        {t("proof.mineTitle", { currency: inclusion.currency })}
      </h2>
      <p className="proof-mine__balance">
        {formatMoneySafe(inclusion.balance)} {inclusion.currency}
      </p>
      <p role="status" className={`proof-verdict proof-verdict--${verdict.ok ? "ok" : "failed"}`}>
        {verdict.ok
          ? t("proof.verified", { currency: inclusion.currency, date })
          : t(`proof.failed.${verdict.reason}`)}
      </p>
      <details className="proof-details">
        <summary>{t("proof.details")}</summary>
        <dl className="proof-fields">
          <dt>{t("proof.leaf")}</dt>
          <dd className="proof-hash">{inclusion.leaf}</dd>
          <dt>{t("proof.salt")}</dt>
          <dd className="proof-hash">{inclusion.salt}</dd>
          <dt>{t("proof.root")}</dt>
          <dd className="proof-hash">{inclusion.root}</dd>
        </dl>
        <p className="proof-card__text">{t("proof.pathTitle", { count: inclusion.path.length })}</p>
        <ol className="proof-path">
          {inclusion.path.map((step, i) => (
            <li key={i}>
              <span>{t(`proof.side.${step.side}`)}</span>
              <span className="proof-hash">{step.hash}</span>
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}

/** The signed-in user's part: each currency's leaf verified, or a note that they had no balance then. */
function MineSection({ date }: { date: string | null }) {
  const { t } = useTranslation();
  const mine = useProofMine(true);
  return (
    <QueryView query={mine}>
      {(data) =>
        data.inclusions.length === 0 ? (
          <p className="card proof-card proof-card__text">{t("proof.notIncluded")}</p>
        ) : (
          <>
            {data.inclusions.map((inclusion) => (
              <InclusionCard key={inclusion.currency} inclusion={inclusion} date={data.date ?? date} />
            ))}
          </>
        )
      }
    </QueryView>
  );
}

/**
 * /information/proof: the proof of liabilities (docs/honesty.md). Anyone sees the latest published totals
 * and roots; a signed-in user also sees their own balance at that date and that it is included, checked in
 * this browser from their leaf and path (packages/core verifyInclusion); a visitor is asked to log in.
 */
export default function ProofScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const latest = useProofLatest();
  const signedIn = hasSession();
  return (
    <Screen title={t("title.information.proof")}>
      <Refreshable onRefresh={() => latest.refetch()}>
        <QueryView query={latest}>
          {(data) => (
            <div className="proof-screen">
              <p className="proof-card__intro">{t("proof.intro")}</p>
              {data.date === null ? (
                <p className="card proof-card proof-card__text">{t("proof.none")}</p>
              ) : (
                <>
                  {signedIn ? (
                    <MineSection date={data.date} />
                  ) : (
                    <section className="card proof-card">
                      <p className="proof-card__text">{t("proof.logInToCheck")}</p>
                      <Button
                        block
                        color="primary"
                        size="large"
                        onClick={() => go(loginPathFor("/information/proof"))}
                      >
                        {t("proof.logIn")}
                      </Button>
                    </section>
                  )}
                  <PublishedCard latest={data} />
                </>
              )}
            </div>
          )}
        </QueryView>
      </Refreshable>
    </Screen>
  );
}
