import { SETTING_DEFAULTS, SETTINGS, type SettingKey, type SettingValue } from "@brokerage/api";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { settings } from "../../db/schema/index.js";
import { DomainError } from "../../lib/errors.js";

/**
 * The stored JSON as text, parsed here: both drivers already parse jsonb, and drizzle's jsonb column then
 * parses a string value a second time ("0.0125" → 0.0125), which the key's schema would refuse.
 */
export const storedJson = sql<string>`${settings.value}::text`;

/**
 * Typed configuration keys (CONVENTIONS: modules/config): a stored value when the back office has set
 * one and it still parses, else the key's default. Read inside the caller's transaction where a rule
 * depends on it, so a decision and the rule it was checked against are consistent.
 */
export async function getSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
  const [row] = await db.select({ value: storedJson }).from(settings).where(eq(settings.key, key));
  return parseOrDefault(key, row === undefined ? undefined : JSON.parse(row.value));
}

/** Several keys in one query. */
export async function getSettings<K extends SettingKey>(
  db: Db,
  keys: readonly K[],
): Promise<{ [P in K]: SettingValue<P> }> {
  const rows = await db
    .select({ key: settings.key, value: storedJson })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  const stored = new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
  return Object.fromEntries(keys.map((k) => [k, parseOrDefault(k, stored.get(k))])) as {
    [P in K]: SettingValue<P>;
  };
}

function parseOrDefault<K extends SettingKey>(key: K, value: unknown): SettingValue<K> {
  if (value === undefined) return SETTING_DEFAULTS[key];
  const parsed = SETTINGS[key].safeParse(value);
  return parsed.success ? (parsed.data as SettingValue<K>) : SETTING_DEFAULTS[key];
}

/** Validates and stores a value (the back office's `config/set`; the caller writes the audit record in `tx`). */
export async function setSetting(
  tx: Db,
  key: SettingKey,
  value: unknown,
  staffId: string,
  at: Date,
): Promise<void> {
  const parsed = SETTINGS[key].safeParse(value);
  if (!parsed.success) throw new DomainError("INVALID_INPUT", { field: "value" });
  await tx
    .insert(settings)
    .values({ key, value: parsed.data, updatedAt: at, updatedBy: staffId })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: parsed.data, updatedAt: at, updatedBy: staffId },
    });
}
