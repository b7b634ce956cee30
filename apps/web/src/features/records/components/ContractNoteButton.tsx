import { useTranslation } from "react-i18next";
import type { TradeOrder } from "@brokerage/api";
import { fetchContractNote } from "../api/documents";
import { DocumentButton } from "./DocumentSheet";
import { statementLanguageOf } from "./StatementSheet";

/** "Contract note" of a filled order (DESIGN §4.1 `trade/contractNote`): the note in a sheet, to print or keep. */
export function ContractNoteButton({ order }: { order: Pick<TradeOrder, "id" | "orderNo" | "openedAt"> }) {
  const { t, i18n } = useTranslation();
  if (order.openedAt === null) return null;
  const language = statementLanguageOf(i18n.language);
  return (
    <DocumentButton
      className="contract-note-button"
      label={t("records.contractNote.open")}
      title={t("records.contractNote.title", { orderNo: order.orderNo })}
      queryKey={["contractNote", order.id, language, order.openedAt]}
      load={() => fetchContractNote({ orderId: order.id, ...(language ? { language } : {}) })}
    />
  );
}
