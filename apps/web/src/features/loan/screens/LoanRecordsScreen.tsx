import "../../trade/trade.css";
import "../../records/records.css";
import "../loan.css";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { RecordList } from "../../records";
import { useLoanList } from "../api/loan";
import { LoanRow } from "../components/LoanRow";

/** /home/loanRe: the user's loans and applications, newest first, page by page; pull to refresh. */
export default function LoanRecordsScreen() {
  const { t } = useTranslation();
  const list = useLoanList();
  return (
    <Screen title={t("title.home.loanRe")}>
      <RecordList
        list={list}
        items={list.data?.pages.flatMap((page) => page.items)}
        label={t("loan.recordsLabel")}
        emptyText={t("loan.recordsEmpty")}
      >
        {(loan) => <LoanRow key={loan.id} loan={loan} />}
      </RecordList>
    </Screen>
  );
}
