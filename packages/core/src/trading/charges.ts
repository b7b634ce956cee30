import { MoneyDecimal, money, toChargedString, type Money } from "../money.js";

/**
 * Charges by their legal basis (DESIGN §5a "Real markets' rules"). A market's charges are a list of
 * components, each levied by someone (the platform's commission, the exchange, the clearing house, the
 * regulator, the state) on a basis the schedule or the law sets, on the sides the law charges, with a
 * minimum and a cap where it sets one. Each component rounds UP to the currency's scale on its own (a
 * non-zero rate never books zero), as a contract note lists it.
 *
 * Sides. The law charges a purchase ("buy") or a sale ("sell"). This product opens long or short; a
 * position mirrors the trade it stands for, so:
 *   long  opens with a buy,  closes with a sale;
 *   short opens with a sale, closes with a buy.
 * A tax the law levies on sales (US section 31 fee, Korea's transaction tax) is thus charged when a long
 * closes and when a short opens; one levied on purchases (India's stamp duty) when a long opens and when
 * a short closes.
 */

/** Who levies a component, and so which platform account receives it (`isTax`: taxes, else fees). */
export const CHARGE_KINDS = [
  "commission",
  "exchangeFee",
  "clearingFee",
  "regulatorFee",
  "transactionTax",
  "stampDuty",
  "vat",
] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/** The trade side a component is levied on. */
export const CHARGE_SIDES = ["buy", "sell", "both"] as const;
export type ChargeSide = (typeof CHARGE_SIDES)[number];

/**
 * How a component is computed:
 *   value   `rate` × the traded value;
 *   shares  `rate` (an amount) × the number of shares;
 *   blocks  `rate` (an amount) for each `block` of the traded value or part of one (Malaysia's stamp
 *           duty: RM1 per RM1,000 or part);
 *   charges `rate` × the sum of the listed components of the same trade, as charged (VAT, GST).
 */
export type ChargeBasis =
  | { kind: "value"; rate: string }
  | { kind: "shares"; rate: string }
  | { kind: "blocks"; block: string; rate: string }
  | { kind: "charges"; rate: string; on: string[] };

export interface ChargeComponent {
  /** Unique in its list; a `charges` basis names the components it is levied on by this id. */
  id: string;
  kind: ChargeKind;
  basis: ChargeBasis;
  side: ChargeSide;
  /** The least one trade pays (a commission's minimum). */
  min?: string;
  /** The most one trade pays (a cap per contract). */
  max?: string;
}

/** One component as a trade is charged it, at the currency's scale. */
export interface ChargeLine {
  id: string;
  kind: ChargeKind;
  amount: string;
}

export type PositionLeg = "open" | "close";
export type TradeSide = "buy" | "sell";

/** The trade a leg of a position stands for (see the sides above). */
export function tradeSideOf(direction: "long" | "short", leg: PositionLeg): TradeSide {
  return (direction === "long") === (leg === "open") ? "buy" : "sell";
}

/** Taxes go to the platform's taxes account, everything else to its fees account. */
export function isTax(kind: ChargeKind): boolean {
  return kind === "transactionTax" || kind === "stampDuty" || kind === "vat";
}

function exactAmount(
  component: ChargeComponent,
  trade: { value: Money; shares: Money },
  charged: Map<string, Money>,
): Money {
  const { basis } = component;
  switch (basis.kind) {
    case "value":
      return trade.value.times(basis.rate);
    case "shares":
      return trade.shares.times(basis.rate);
    case "blocks":
      return trade.value.div(basis.block).ceil().times(basis.rate);
    case "charges":
      return basis.on.reduce((sum, id) => sum.plus(charged.get(id) ?? 0), money(0)).times(basis.rate);
  }
}

/**
 * The components charged on one trade of `shares` worth `value` on `side`, in the order of the list, each
 * bounded by its minimum and cap and rounded up to the currency's scale. A component of the other side is
 * left out; one that comes to zero (a zero rate) is kept, so that the list shows what was considered.
 */
export function chargeLines(
  components: readonly ChargeComponent[],
  trade: { value: Money | string; shares: Money | string | number; side: TradeSide; currency: string },
): ChargeLine[] {
  const exact = { value: money(trade.value), shares: money(trade.shares) };
  const charged = new Map<string, Money>();
  const lines: ChargeLine[] = [];
  for (const component of components) {
    if (component.side !== "both" && component.side !== trade.side) continue;
    let amount = exactAmount(component, exact, charged);
    if (component.min !== undefined) amount = MoneyDecimal.max(amount, money(component.min));
    if (component.max !== undefined) amount = MoneyDecimal.min(amount, money(component.max));
    const text = toChargedString(amount, trade.currency);
    charged.set(component.id, money(text));
    lines.push({ id: component.id, kind: component.kind, amount: text });
  }
  return lines;
}

/** The sum of `lines`, split into what the fees account and the taxes account receive. */
export function chargeTotals(lines: readonly ChargeLine[]): { fees: Money; taxes: Money } {
  let fees = money(0);
  let taxes = money(0);
  for (const line of lines) {
    if (isTax(line.kind)) taxes = taxes.plus(line.amount);
    else fees = fees.plus(line.amount);
  }
  return { fees, taxes };
}
