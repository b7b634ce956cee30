import { useTranslation } from "react-i18next";
import type { ChargeComponentSetting, ChargeLine } from "@brokerage/api";
import { formatPercent } from "../../../lib/currency";
import { formatMoneySafe } from "../../../lib/money";

type T = ReturnType<typeof useTranslation>["t"];

/** The components a market's defaults name (charges.name.<id>); an operator's own falls back to its kind. */
const NAMED = new Set([
  "commission",
  "exchangeFee",
  "clearingFee",
  "sebiFee",
  "secFee",
  "finraTaf",
  "stt",
  "stampDuty",
  "gst",
  "vat",
]);

/** What a component is called on a contract note: its own name where known, else its kind's. */
export function chargeName(t: T, line: Pick<ChargeLine, "id" | "kind">): string {
  return NAMED.has(line.id) ? t(`charges.name.${line.id}`) : t(`charges.kind.${line.kind}`);
}

/** A component as a rule: its basis, its side and its cap ("Stamp duty: 1 per 1,000 of the value or part…"). */
export function chargeRule(
  t: T,
  component: ChargeComponentSetting,
  money: (amount: string) => string,
  names: ReadonlyMap<string, string>,
): string {
  const name = chargeName(t, component);
  const side = t(`charges.side.${component.side}`);
  const { basis } = component;
  const rule =
    basis.kind === "value"
      ? t("charges.rule.value", { name, rate: formatPercent(basis.rate), side })
      : basis.kind === "shares"
        ? t("charges.rule.shares", { name, amount: money(basis.rate), side })
        : basis.kind === "blocks"
          ? t("charges.rule.blocks", { name, amount: money(basis.rate), block: money(basis.block), side })
          : t("charges.rule.charges", {
              name,
              rate: formatPercent(basis.rate),
              on: basis.on.map((id) => names.get(id) ?? id).join(", "),
              side,
            });
  return component.max === undefined ? rule : t("charges.rule.capped", { rule, max: money(component.max) });
}

/** Charge lines as rows of a `<dl>`: each component's name and amount, indented under the fee. */
export function ChargeRows({ lines, currency }: { lines: readonly ChargeLine[]; currency: string }) {
  const { t } = useTranslation();
  return (
    <>
      {lines.map((line) => (
        <div key={line.id} className="trade-terms__charge">
          <dt>{chargeName(t, line)}</dt>
          <dd>
            {formatMoneySafe(line.amount)} {currency}
          </dd>
        </div>
      ))}
    </>
  );
}

/** Charge lines as a list (a filled order's contract: one line per component). */
export function ChargeList({ lines, currency }: { lines: readonly ChargeLine[] | null; currency: string }) {
  const { t } = useTranslation();
  if (lines === null || lines.length === 0) return <>—</>;
  return (
    <ul className="trade-charges">
      {lines.map((line) => (
        <li key={line.id}>
          {chargeName(t, line)} {formatMoneySafe(line.amount)} {currency}
        </li>
      ))}
    </ul>
  );
}
