import type { ChargeComponentSetting } from "@brokerage/api";

/**
 * A market's other charges (`trading.<market>.charges`) as form rows: each component's id, kind, side,
 * basis (its kind, rate, block size or the components it is charged on) and optional minimum and maximum.
 */
export interface ChargeRow {
  id?: string;
  kind?: string;
  side?: string;
  basisKind?: "value" | "shares" | "blocks" | "charges";
  rate?: string;
  block?: string;
  on?: string[];
  min?: string;
  max?: string;
}

const text = (v: string | undefined) => (v ?? "").trim();

export function toChargeRows(charges: readonly ChargeComponentSetting[]): ChargeRow[] {
  return charges.map(({ id, kind, side, basis, min, max }) => ({
    id,
    kind,
    side,
    basisKind: basis.kind,
    rate: basis.rate,
    block: basis.kind === "blocks" ? basis.block : undefined,
    on: basis.kind === "charges" ? [...basis.on] : undefined,
    min,
    max,
  }));
}

function basisOf(row: ChargeRow): unknown {
  const rate = text(row.rate);
  switch (row.basisKind) {
    case "blocks":
      return { kind: "blocks", block: text(row.block), rate };
    case "charges":
      return { kind: "charges", rate, on: row.on ?? [] };
    default:
      return { kind: row.basisKind, rate };
  }
}

/** The components the rows stand for; an empty minimum or maximum is none. */
export function fromChargeRows(rows: readonly ChargeRow[]): unknown[] {
  return rows.map((row) => ({
    id: text(row.id),
    kind: row.kind,
    basis: basisOf(row),
    side: row.side,
    ...(text(row.min) ? { min: text(row.min) } : {}),
    ...(text(row.max) ? { max: text(row.max) } : {}),
  }));
}

/** The input of a problem at charges[i].… (`basis.rate` is the rate's input); null if it names no row. */
export function chargeFieldOf(path: readonly (string | number)[]): (string | number)[] | null {
  const [, at, field, inner] = path;
  // The schema names a row by its index, the core's check and the server's answer by its digits.
  const row = typeof at === "number" ? at : /^\d+$/.test(String(at)) ? Number(at) : null;
  if (row === null) return null;
  const input =
    field === "basis"
      ? inner === "block" || inner === "on" || inner === "rate"
        ? inner
        : "basisKind"
      : typeof field === "string" && ["id", "kind", "side", "min", "max"].includes(field)
        ? field
        : "id";
  return ["trading", "charges", row, input];
}
