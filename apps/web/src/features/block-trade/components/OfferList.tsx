import "../blockTrade.css";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { ListFoot } from "../../../components/ListFoot";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { useBlockTradeOffers } from "../api/blockTrade";
import { OfferRow } from "./OfferRow";

/**
 * The offers open now or opening later, newest first, with their loading, failed and empty states;
 * `paged` reads further pages as the list scrolls (the home tab shows the first page only).
 */
export function OfferList({ paged = true }: { paged?: boolean }) {
  const { t } = useTranslation();
  const offers = useBlockTradeOffers();
  const items = offers.data?.pages.flatMap((page) => page.items);
  return (
    <QueryView
      query={{ ...offers, data: items }}
      isEmpty={isEmptyList}
      empty={<EmptyState text={t("blockTrade.empty")} />}
    >
      {(list) => (
        <>
          <ul className="trade-list" aria-label={t("blockTrade.offers")}>
            {list.map((offer) => (
              <OfferRow key={offer.id} offer={offer} />
            ))}
          </ul>
          {paged && <ListFoot query={offers} className="trade-list__foot" endText={t("trade.end")} />}
        </>
      )}
    </QueryView>
  );
}
