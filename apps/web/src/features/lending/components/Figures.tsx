import { formatDateTime } from "../../../lib/format";
import { formatAmount } from "../../records";
import { TermList as SharedTermList, type Term } from "../../../components/TermList";

/** Money with its currency at the currency's decimals: "100,000.00 INR". */
export const moneyText = (value: string, currency: string) => `${formatAmount(value, currency)} ${currency}`;

/** An instant as spec §9 writes it, with its zone. */
export const dateText = (iso: string) => formatDateTime(new Date(iso));

export type { Term };

/** Label → value rows in the lending screen's look. */
export const TermList = ({ rows }: { rows: Term[] }) => (
  <SharedTermList rows={rows} className="lending-terms" />
);
