import { useTranslation } from "react-i18next";
import type { OrderPreview, TradeTerms } from "@brokerage/api";
import { formatDateTime } from "../../../lib/format";
import { formatAmount } from "../../records";
import { formatPercent } from "../../../lib/currency";
import { chargeName, chargeRule } from "./ChargeLines";

/** The lock as a rule (before a preview gives the very instant): T+N trading days, N minutes or none. */
function lockRule(t: ReturnType<typeof useTranslation>["t"], lock: TradeTerms["lock"]): string {
  if (lock.n === 0) return t("trade.ruleNoLock");
  return lock.kind === "tradingDays"
    ? t("trade.ruleLockDays", { count: lock.n })
    : t("trade.ruleLockMinutes", { count: lock.n });
}

/**
 * The rules the order will live under, shown before the user acts: the market's terms (`trade/terms`: fee
 * rate and its minimum on each side, every other charge by its basis, side and cap, the lock, the automatic
 * close)
 * from the moment the form opens, and once the draft is priced the preview's own (the lock's exact end, a
 * market that is shut). Either alone is enough.
 */
/** The names of a market's components by id, for a VAT that names what it is levied on. */
function namesOf(t: ReturnType<typeof useTranslation>["t"], terms: TradeTerms): Map<string, string> {
  const commission = { id: "commission", kind: "commission" } as const;
  return new Map([commission, ...terms.charges].map((c) => [c.id, chargeName(t, c)]));
}

export function TradeRules({ terms, preview }: { terms?: TradeTerms; preview?: OrderPreview }) {
  const { t } = useTranslation();
  if (!terms && !preview) return null;
  const money = (amount: string) =>
    terms ? `${formatAmount(amount, terms.currency)} ${terms.currency}` : "";
  const feeRate = formatPercent(terms?.feeRate ?? preview?.feeRate ?? "0");
  const share = formatPercent(terms?.liquidationShare ?? preview?.liquidationShare ?? "0");
  return (
    <ul className="form__rules" aria-label={t("trade.rulesTitle")}>
      <li>
        {terms
          ? t("trade.ruleFeeMinimum", { rate: feeRate, min: money(terms.minFee) })
          : t("trade.ruleFee", { rate: feeRate })}
      </li>
      {terms && terms.charges.length > 0 && (
        <>
          {terms.charges.map((component) => (
            <li key={component.id}>{chargeRule(t, component, money, namesOf(t, terms))}</li>
          ))}
          <li>{t("charges.sides")}</li>
        </>
      )}
      <li>
        {preview
          ? preview.lockedUntil
            ? t("trade.ruleLock", { until: formatDateTime(new Date(preview.lockedUntil)) })
            : t("trade.ruleNoLock")
          : lockRule(t, (terms as TradeTerms).lock)}
      </li>
      <li>{t("trade.ruleLiquidation", { share })}</li>
      {preview && !preview.marketOpen && <li className="trade-rules__closed">{t("trade.marketClosed")}</li>}
    </ul>
  );
}
