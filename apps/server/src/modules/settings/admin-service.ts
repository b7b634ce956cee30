import {
  SETTING_DEFAULTS,
  SETTING_KEYS,
  SETTINGS,
  type ConfigItem,
  type ConfigResetRequest,
  type ConfigSetRequest,
  type SettingKey,
} from "@brokerage/api";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { recordStaffAction } from "../audit/record.js";
import type { StaffAuth } from "../staff/sessions.js";
import { forgetTradingConfig } from "../trading/pricing.js";
import { checkTradingSetting } from "../trading/setting-check.js";
import * as repo from "./admin-repository.js";
import { getSetting, getSettings, setSetting } from "./service.js";

/** Audit actions of the configuration page. */
export const CONFIG_AUDIT = { set: "config.set", reset: "config.reset" } as const;

export const configTarget = (key: SettingKey) => `config:${key}`;

interface Deps {
  db: Db;
  clock: Clock;
}

/**
 * The typed configuration keys in the back office (DESIGN §4.1 Configuration): each with the value in
 * use, its default and whether a stored value overrides it. A change is one transaction with its audit
 * row (old and new value); every reader (getSetting) sees it from the next read on.
 */
export class ConfigAdminService {
  constructor(private readonly deps: Deps) {}

  async list(): Promise<{ items: ConfigItem[] }> {
    return { items: await this.items(this.deps.db, SETTING_KEYS) };
  }

  async set(staff: StaffAuth, request: ConfigSetRequest): Promise<ConfigItem> {
    const { db, clock } = this.deps;
    checkTradingSetting(request.key, request.value);
    const item = await db.transaction(async (tx) => {
      const at = clock.now();
      const [before] = await this.items(tx, [request.key]);
      await setSetting(tx, request.key, request.value, staff.id, at);
      const after = await getSetting(tx, request.key);
      await recordStaffAction(tx, staff, {
        action: CONFIG_AUDIT.set,
        target: configTarget(request.key),
        reason: request.reason,
        details: { key: request.key, before: before?.value, after, wasOverridden: before?.overridden },
        at,
      });
      return this.item(tx, request.key);
    });
    forgetTradingConfig();
    return item;
  }

  /** Back to the default: the stored value is removed (audited also when there was none). */
  async reset(staff: StaffAuth, request: ConfigResetRequest): Promise<ConfigItem> {
    const { db, clock } = this.deps;
    const item = await db.transaction(async (tx) => {
      const at = clock.now();
      const [before] = await this.items(tx, [request.key]);
      const removed = await repo.removeSetting(tx, request.key);
      await recordStaffAction(tx, staff, {
        action: CONFIG_AUDIT.reset,
        target: configTarget(request.key),
        reason: request.reason,
        details: { key: request.key, before: before?.value, after: SETTING_DEFAULTS[request.key], removed },
        at,
      });
      return this.item(tx, request.key);
    });
    forgetTradingConfig();
    return item;
  }

  private async item(tx: Db, key: SettingKey): Promise<ConfigItem> {
    const [item] = await this.items(tx, [key]);
    if (!item) throw new Error(`setting ${key} not listed`);
    return item;
  }

  private async items(tx: Db, keys: readonly SettingKey[]): Promise<ConfigItem[]> {
    const [values, stored] = await Promise.all([getSettings(tx, keys), repo.storedSettings(tx)]);
    const byKey = new Map(
      stored.map((row) => [row.key, { ...row, value: JSON.parse(row.value) as unknown }]),
    );
    return keys.map((key) => {
      const row = byKey.get(key);
      // A stored value the key's schema no longer accepts is not in use: the default is (getSetting).
      const overridden = row !== undefined && SETTINGS[key].safeParse(row.value).success;
      return {
        key,
        value: values[key],
        default: SETTING_DEFAULTS[key],
        overridden,
        updatedAt: row?.updatedAt.toISOString() ?? null,
        updatedBy: row?.updatedBy ?? null,
      };
    });
  }
}
