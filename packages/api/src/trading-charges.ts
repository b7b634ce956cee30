import { z } from "zod";

/**
 * A market's charges besides the platform's commission, as `trading.<MARKET>.charges` stores them: the
 * core's `ChargeComponent` (packages/core trading/charges.ts, where the bases and sides are explained and
 * which `checkTradingConfig` checks further: unique ids, a VAT only on components before it).
 */
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
export const CHARGE_SIDES = ["buy", "sell", "both"] as const;
export type ChargeSide = (typeof CHARGE_SIDES)[number];

const decimal = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, "decimal");
const fraction = decimal.refine((v) => /^0(\.\d+)?$/.test(v), "below 1");
const positive = decimal.refine((v) => /[1-9]/.test(v), "above 0");

export const chargeBasis = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("value"), rate: fraction }),
  z.strictObject({ kind: z.literal("shares"), rate: decimal }),
  z.strictObject({ kind: z.literal("blocks"), block: positive, rate: decimal }),
  z.strictObject({ kind: z.literal("charges"), rate: fraction, on: z.array(z.string()).min(1) }),
]);
export type ChargeBasis = z.infer<typeof chargeBasis>;

export const chargeComponent = z.strictObject({
  id: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,31}$/),
  kind: z.enum(CHARGE_KINDS).exclude(["commission"]),
  basis: chargeBasis,
  side: z.enum(CHARGE_SIDES),
  min: decimal.optional(),
  max: decimal.optional(),
});
export type ChargeComponentSetting = z.infer<typeof chargeComponent>;

/** One component as a trade was charged it (the core's `ChargeLine`), in the settlement currency. */
export const chargeLine = z.object({
  id: z.string(),
  kind: z.enum(CHARGE_KINDS),
  amount: z.string(),
});
export type ChargeLine = z.infer<typeof chargeLine>;

const value = (rate: string) => ({ kind: "value" as const, rate });

/**
 * Copies of packages/core's DEFAULT_CHARGES (this package cannot import the core; a server test asserts
 * the two are equal). The source and date of each component is named there.
 */
export const DEFAULT_CHARGE_SETTINGS: Readonly<Record<string, ChargeComponentSetting[]>> = {
  IN: [
    { id: "exchangeFee", kind: "exchangeFee", basis: value("0.0000297"), side: "both" },
    { id: "sebiFee", kind: "regulatorFee", basis: value("0.000001"), side: "both" },
    { id: "stt", kind: "transactionTax", basis: value("0.001"), side: "both" },
    { id: "stampDuty", kind: "stampDuty", basis: value("0.00015"), side: "buy" },
    {
      id: "gst",
      kind: "vat",
      basis: { kind: "charges", rate: "0.18", on: ["commission", "exchangeFee", "sebiFee"] },
      side: "both",
    },
  ],
  US: [
    { id: "secFee", kind: "regulatorFee", basis: value("0.0000206"), side: "sell" },
    {
      id: "finraTaf",
      kind: "regulatorFee",
      basis: { kind: "shares", rate: "0.000195" },
      side: "sell",
      max: "9.79",
    },
  ],
  KR: [{ id: "stt", kind: "transactionTax", basis: value("0.002"), side: "sell" }],
  MY: [
    { id: "clearingFee", kind: "clearingFee", basis: value("0.0003"), side: "both", max: "1000" },
    {
      id: "stampDuty",
      kind: "stampDuty",
      basis: { kind: "blocks", block: "1000", rate: "1" },
      side: "both",
      max: "1000",
    },
  ],
  TH: [
    { id: "exchangeFee", kind: "exchangeFee", basis: value("0.00005"), side: "both" },
    { id: "clearingFee", kind: "clearingFee", basis: value("0.00001"), side: "both" },
    { id: "secFee", kind: "regulatorFee", basis: value("0.00001"), side: "both" },
    {
      id: "vat",
      kind: "vat",
      basis: { kind: "charges", rate: "0.07", on: ["commission", "exchangeFee", "clearingFee", "secFee"] },
      side: "both",
    },
  ],
  CRYPTO: [],
  FX: [],
};

/** The stamp duty each market had in the former shape (`stampDutyRate`, `stampDutyCap`). */
const LEGACY_DEFAULTS: Readonly<Record<string, { rate: string; cap?: string }>> = {
  IN: { rate: "0.001" },
  US: { rate: "0.0000278" },
  KR: { rate: "0.002" },
  MY: { rate: "0.001", cap: "1000" },
  TH: { rate: "0" },
  CRYPTO: { rate: "0" },
  FX: { rate: "0" },
};

/** A plain decimal without leading or trailing zeros ("0.0010" → "0.001", "1000.0" → "1000"). */
function normal(v: string): string {
  const [whole = "", part = ""] = v.split(".");
  const w = whole.replace(/^0+(?=\d)/, "");
  const f = part.replace(/0+$/, "");
  return f === "" ? w : `${w}.${f}`;
}
const sameDecimal = (a: string, b: string) => normal(a) === normal(b);

/**
 * The core's `legacyCharges`: a value stored in the former shape that kept the former default reads as
 * today's sourced default; an operator's own rate is kept as a tax on sales with its cap.
 */
export function legacyChargeSettings(market: string, rate: string, cap?: string): ChargeComponentSetting[] {
  const was = LEGACY_DEFAULTS[market];
  if (was !== undefined) {
    const sameCap =
      cap === undefined ? was.cap === undefined : was.cap !== undefined && sameDecimal(cap, was.cap);
    if (sameDecimal(rate, was.rate) && sameCap)
      return JSON.parse(JSON.stringify(DEFAULT_CHARGE_SETTINGS[market] ?? [])) as ChargeComponentSetting[];
  }
  if (!/[1-9]/.test(rate)) return [];
  return [
    {
      id: "stampDuty",
      kind: "stampDuty",
      basis: value(rate),
      side: "sell",
      ...(cap === undefined ? {} : { max: cap }),
    },
  ];
}
