import "../records.css";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { EmptyState } from "../../../components/EmptyState";
import { MenuList } from "../../../components/MenuList";
import { useGo } from "../../../app/useGo";
import { Refreshable } from "../../../components/Refreshable";
import { useFundRecords, type RecordFilters as Filters } from "../api/records";
import { RecordFilters } from "../components/RecordFilters";
import { RecordItem } from "../components/RecordItem";
import { StatementSheet } from "../components/StatementSheet";
import { ListFoot } from "../../../components/ListFoot";

/**
 * /information/fundRecord: every posting of the user, newest first, with its fund-flow type and the
 * running balance (DESIGN §1 "honest money"); filters by type and currency, infinite scroll, pull to
 * refresh; the funds statement (CSV) and the transaction records one tap away.
 */
export default function FundRecordScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const [filters, setFilters] = useState<Filters>({});
  const [statementOpen, setStatementOpen] = useState(false);
  const list = useFundRecords(filters);
  const records = list.data?.pages.flatMap((page) => page.items);
  const filtered = filters.type !== undefined || filters.currency !== undefined;
  const showsFrozen = (records ?? []).some((r) => r.account === "held");
  return (
    <Screen title={t("title.information.fundRecord")}>
      <MenuList
        items={[
          {
            key: "statement",
            label: t("records.statement.open"),
            icon: "arrowDown",
            onSelect: () => setStatementOpen(true),
          },
          {
            key: "taxReport",
            label: t("title.information.taxReport"),
            icon: "records",
            onSelect: () => go("/information/taxReport"),
          },
          {
            key: "settled",
            label: t("title.information.settled"),
            icon: "records",
            onSelect: () => go("/information/settled"),
          },
        ]}
      />
      <RecordFilters value={filters} onChange={setFilters} />
      <Refreshable onRefresh={() => list.refetch()}>
        <QueryView
          query={{ ...list, data: records }}
          isEmpty={isEmptyList}
          empty={
            <div className="card">
              <EmptyState text={filtered ? t("records.emptyFiltered") : t("records.empty")} />
            </div>
          }
        >
          {(items) => (
            <>
              {showsFrozen && <p className="footnote records-note">{t("records.frozenNote")}</p>}
              <ul className="records card" aria-label={t("title.information.fundRecord")}>
                {items.map((record) => (
                  <RecordItem key={record.id} record={record} />
                ))}
              </ul>
              <ListFoot query={list} className="records__foot" endText={t("records.end")} />
            </>
          )}
        </QueryView>
      </Refreshable>
      <StatementSheet open={statementOpen} onClose={() => setStatementOpen(false)} />
    </Screen>
  );
}
