import { formatDateTime } from "../../../lib/format";
import { formatAmount } from "../../records";

/** Money with its currency at the currency's decimals: "100,000.00 INR". */
export const moneyText = (value: string, currency: string) => `${formatAmount(value, currency)} ${currency}`;

/** An instant as spec §9 writes it, with its zone. */
export const dateText = (iso: string) => formatDateTime(new Date(iso));

export interface Term {
  label: string;
  value: string;
  strong?: boolean;
}

/** Label → value rows. */
export function TermList({ rows }: { rows: Term[] }) {
  return (
    <dl className="trade-terms lending-terms">
      {rows.map((row) => (
        <div key={row.label} className={row.strong ? "trade-terms__total" : undefined}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
