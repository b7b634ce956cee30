import "../ipo.css";
import { useTranslation } from "react-i18next";
import type { IpoOffering } from "@brokerage/api";
import { EmptyState } from "../../../components/EmptyState";
import { ListFoot } from "../../../components/ListFoot";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { useIpoOfferings } from "../api/ipo";
import { OfferingRow } from "./OfferingRow";

/** Offerings still to come or running: what the home tab shows of the first page. */
const CURRENT = new Set<IpoOffering["status"]>(["upcoming", "open", "closed", "drawn"]);

/**
 * The offerings, newest first, with their loading, failed and empty states. Paged, further pages are read
 * as the list scrolls; with `first` (the home tab) only that many current offerings of the first page.
 */
export function OfferingList({ first }: { first?: number }) {
  const { t } = useTranslation();
  const offerings = useIpoOfferings();
  const all = offerings.data?.pages.flatMap((page) => page.items);
  const items =
    first === undefined ? all : all?.filter((offering) => CURRENT.has(offering.status)).slice(0, first);
  return (
    <QueryView
      query={{ ...offerings, data: items }}
      isEmpty={isEmptyList}
      empty={<EmptyState text={t("ipo.empty")} />}
    >
      {(list) => (
        <>
          <ul className="trade-list" aria-label={t("ipo.offerings")}>
            {list.map((offering) => (
              <OfferingRow key={offering.id} offering={offering} />
            ))}
          </ul>
          {first === undefined && (
            <ListFoot query={offerings} className="trade-list__foot" endText={t("trade.end")} />
          )}
        </>
      )}
    </QueryView>
  );
}
