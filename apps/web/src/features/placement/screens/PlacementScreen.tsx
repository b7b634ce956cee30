import "../../trade/trade.css";
import "../../block-trade/blockTrade.css";
import "../placement.css";
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ChipTabs } from "../../../components/ChipTabs";
import { EmptyState } from "../../../components/EmptyState";
import { ListFoot } from "../../../components/ListFoot";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { Refreshable } from "../../../components/Refreshable";
import { Screen } from "../../../components/Screen";
import { SubscriptionRow } from "../../block-trade";
import { PLACEMENT_KEY, useMyPlacements, usePlacementOffers } from "../api/placement";
import { PlacementOfferRow } from "../components/PlacementOfferRow";

type Tab = "offers" | "mine";

/**
 * /home/newStockPs: the placement and capital-increase offers open now or opening later, and the user's
 * own subscriptions with their states (under review, allotted and locked, refused with the reason).
 */
export default function PlacementScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>("offers");
  return (
    <Screen title={t("title.home.newStockPs")}>
      <ChipTabs
        className="placement-tabs"
        label={t("placement.tabsLabel")}
        variant="line"
        options={[
          { key: "offers", label: t("placement.offers") },
          { key: "mine", label: t("placement.mine") },
        ]}
        value={tab}
        onChange={setTab}
      />
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: [...PLACEMENT_KEY, tab] })}>
        {tab === "offers" ? <Offers /> : <Mine />}
      </Refreshable>
    </Screen>
  );
}

function Offers() {
  const { t } = useTranslation();
  const offers = usePlacementOffers();
  const items = offers.data?.pages.flatMap((page) => page.items);
  return (
    <section className="card block-card" aria-label={t("placement.offers")}>
      <p className="block-lead">{t("placement.lead")}</p>
      <QueryView
        query={{ ...offers, data: items }}
        isEmpty={isEmptyList}
        empty={<EmptyState text={t("placement.empty")} />}
      >
        {(list) => (
          <>
            <ul className="trade-list" aria-label={t("placement.offers")}>
              {list.map((offer) => (
                <PlacementOfferRow key={offer.id} offer={offer} />
              ))}
            </ul>
            <ListFoot query={offers} className="trade-list__foot" endText={t("trade.end")} />
          </>
        )}
      </QueryView>
    </section>
  );
}

function Mine() {
  const { t } = useTranslation();
  const mine = useMyPlacements();
  const items = mine.data?.pages.flatMap((page) => page.items);
  return (
    <QueryView
      query={{ ...mine, data: items }}
      isEmpty={isEmptyList}
      empty={<EmptyState text={t("placement.emptyMine")} />}
    >
      {(list) => (
        <>
          <ul className="trade-list card" aria-label={t("placement.mine")}>
            {list.map((s) => (
              <SubscriptionRow key={s.id} subscription={s} />
            ))}
          </ul>
          <ListFoot query={mine} className="trade-list__foot" endText={t("trade.end")} />
        </>
      )}
    </QueryView>
  );
}
