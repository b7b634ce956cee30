import "../../records/records.css";
import { useTranslation } from "react-i18next";
import { useWithdrawList, RequestList, withdrawalView } from "../../records";

/**
 * The user's withdrawals with their states (pending review, paid out, refused with the reviewer's
 * reason), newest first: pull to refresh, more on scrolling. The rows are the transaction records' own.
 */
export function WithdrawRecords() {
  const { t } = useTranslation();
  const list = useWithdrawList();
  return (
    <RequestList
      list={list}
      views={list.data?.pages.flatMap((page) => page.items.map(withdrawalView))}
      label={t("withdraw.tab.records")}
      emptyText={t("withdraw.recordsEmpty")}
    />
  );
}
