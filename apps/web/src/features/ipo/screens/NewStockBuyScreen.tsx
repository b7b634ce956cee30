import "../../trade/trade.css";
import "../ipo.css";
import { useId, useMemo } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { IpoOfferingDetail } from "@brokerage/api";
import { EmptyCard } from "../../../components/EmptyState";
import { QueryView } from "../../../components/QueryView";
import { Screen } from "../../../components/Screen";
import { useIpoOffering } from "../api/ipo";
import { IpoStatusChip, useIpoName } from "../components/OfferingBits";
import { OfferingFacts } from "../components/OfferingFacts";
import { DrawFairness } from "../components/DrawTerms";
import { OfferingRules } from "../components/OfferingRules";
import { SubscribeForm } from "../components/SubscribeForm";
import { readOfferingId } from "../offering";

/**
 * /home/newStockBuy: the offering the list saved (local storage, as the block-trade detail) with every
 * new-share field, the rules, the subscription form and the lottery's published seed hash (and seed).
 */
export default function NewStockBuyScreen() {
  const { t } = useTranslation();
  const offeringId = useMemo(() => readOfferingId(), []);
  const offering = useIpoOffering(offeringId);
  return (
    <Screen
      title={t("title.home.newStockBuy")}
      right={
        <Link className="text-button" to="/home/newShareOrder">
          {t("ipo.mine")}
        </Link>
      }
    >
      {offeringId === null ? (
        <EmptyCard text={t("ipo.noOffering")} to="/home/newStock" link={t("ipo.toOfferings")} />
      ) : (
        <QueryView query={offering}>{(detail) => <OfferingView offering={detail} />}</QueryView>
      )}
    </Screen>
  );
}

function OfferingView({ offering }: { offering: IpoOfferingDetail }) {
  const { t } = useTranslation();
  const name = useIpoName(offering);
  const rulesId = useId();
  return (
    <>
      <section className="card trade-detail" aria-label={t("ipo.offeringTitle")}>
        <p className="trade-form__stock ipo-detail__head">
          <span>
            {name} <span className="trade-row__code">{offering.symbol}</span>
          </span>
          <IpoStatusChip status={offering.status} />
        </p>
        <OfferingFacts offering={offering} />
      </section>
      <section className="card trade-detail" aria-labelledby={rulesId}>
        <h2 id={rulesId} className="ipo-title">
          {t("ipo.rulesTitle")}
        </h2>
        <OfferingRules offering={offering} />
      </section>
      <SubscribeForm offering={offering} name={name} />
      <DrawFairness offering={offering} />
    </>
  );
}
