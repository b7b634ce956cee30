import { LANGUAGE_CODES, type SettingProblem, type SettingValue } from "@brokerage/api";

/**
 * The form shapes of the daily check-in's rewards (`checkin.rewards`) and of the seat account's terms
 * (`seat.terms`), and their way back to the typed value.
 */
export type CheckinRewards = SettingValue<"checkin.rewards">;
export type SeatTerms = SettingValue<"seat.terms">;

export interface CheckinForm {
  currency?: string;
  perCheckIn?: string;
  rewards?: { id?: string; checkIns?: number | null; amount?: string }[];
}

export interface SeatForm {
  requireKyc?: boolean;
  grants?: Partial<Record<(typeof LANGUAGE_CODES)[number], string>>[];
}

const text = (v: string | number | null | undefined) => String(v ?? "").trim();

export const toCheckinForm = (value: unknown): CheckinForm => {
  const v = value as CheckinRewards;
  return { currency: v.currency, perCheckIn: v.perCheckIn, rewards: v.rewards.map((r) => ({ ...r })) };
};

export const fromCheckinForm = (form: CheckinForm): unknown => ({
  currency: text(form.currency),
  perCheckIn: text(form.perCheckIn),
  rewards: (form.rewards ?? []).map((r) => ({
    id: text(r.id),
    checkIns: r.checkIns,
    amount: text(r.amount),
  })),
});

export const toSeatForm = (value: unknown): SeatForm => {
  const v = value as SeatTerms;
  return { requireKyc: v.requireKyc, grants: v.grants.map((g) => ({ ...g })) };
};

export const fromSeatForm = (form: SeatForm): unknown => ({
  requireKyc: form.requireKyc ?? false,
  grants: (form.grants ?? []).map((g) => Object.fromEntries(LANGUAGE_CODES.map((c) => [c, text(g[c])]))),
});

/** The field a problem at `path` of the value belongs to. */
export function checkinFieldOf(path: SettingProblem["path"]) {
  const [field, row, inner] = path;
  if (field === "rewards" && typeof row === "number" && typeof inner === "string")
    return ["checkin", "rewards", row, inner];
  return typeof field === "string" && field !== "rewards" ? ["checkin", field] : null;
}

export function seatFieldOf(path: SettingProblem["path"]) {
  const [field, row, code] = path;
  if (field === "grants" && typeof row === "number" && typeof code === "string")
    return ["seat", "grants", row, code];
  return null;
}
