import "../../trade/trade.css";
import "../../records/records.css";
import "../lending.css";
import { useTranslation } from "react-i18next";
import { QueryView } from "../../../components/QueryView";
import { Screen } from "../../../components/Screen";
import { RecordList } from "../../records";
import { useLendingList, useLendingTerms } from "../api/lending";
import { LendForm } from "../components/LendForm";
import { LendingItem } from "../components/LendingItem";
import { TermsCard } from "../components/TermsCard";

/**
 * /home/loanJq: securities lending (DESIGN §4.1 "Lending"; docs/lending.md). The terms and risks first, as
 * IBKR's programme discloses them; then the offer to lend one of the eligible holdings; then the user's
 * lendings with their states, rebates and the recall.
 */
export default function LendingScreen() {
  const { t } = useTranslation();
  const terms = useLendingTerms();
  const list = useLendingList();
  return (
    <Screen title={t("title.home.loanJq")}>
      <div className="lending-screen">
        <QueryView query={terms}>
          {(data) => (
            <>
              <TermsCard terms={data} />
              <LendForm terms={data} />
            </>
          )}
        </QueryView>
        <h2 className="lending-screen__heading">{t("lending.mine")}</h2>
        <RecordList
          list={list}
          items={list.data?.pages.flatMap((page) => page.items)}
          label={t("lending.mine")}
          emptyText={t("lending.mineEmpty")}
        >
          {(lending) => <LendingItem key={lending.id} lending={lending} />}
        </RecordList>
      </div>
    </Screen>
  );
}
