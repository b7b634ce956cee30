import "../../records/records.css";
import { useTranslation } from "react-i18next";
import { useRechargeList, RequestList, depositView } from "../../records";

/**
 * The user's deposits with their review states (pending, passed, rejected with the reviewer's reason),
 * newest first: pull to refresh, more on scrolling. Rows are the transaction records' own (features/records).
 */
export function RechargeRecords() {
  const { t } = useTranslation();
  const list = useRechargeList();
  return (
    <RequestList
      list={list}
      views={list.data?.pages.flatMap((page) => page.items.map(depositView))}
      label={t("deposit.tab.records")}
      emptyText={t("deposit.recordsEmpty")}
    />
  );
}
