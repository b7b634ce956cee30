export { FUND_RECORDS_KEY, useRechargeList, useWithdrawList } from "./api/records";
export { depositView, withdrawalView } from "./components/RequestItem";
export { RecordList, RequestList } from "./components/RequestList";
export { formatAmount, formatSigned } from "./components/amount";
export { RecordItem } from "./components/RecordItem";
export { ContractNoteButton } from "./components/ContractNoteButton";
