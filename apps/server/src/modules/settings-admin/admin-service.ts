import {
  SETTING_DEFAULTS,
  SETTING_KEYS,
  SETTINGS,
  can,
  isControlChange,
  type ConfigItem,
  type ConfigResetRequest,
  type ConfigSetRequest,
  type SettingKey,
} from "@brokerage/api";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { recordStaffAction } from "../audit/index.js";
import { lockScopes } from "../reviews/index.js";
import type { StaffAuth } from "../staff/index.js";
import { checkTradingSetting, forgetTradingConfig } from "../trading/index.js";
import * as repo from "./admin-repository.js";
import {
  CONFIG_AUDIT,
  configTarget,
  refuseControlChange,
  requestChange,
  toPendingChange,
} from "./changes.js";
import * as changes from "./changes-repository.js";
import { audited } from "./audited.js";
import { storedLogo } from "./logo.js";
import { getSetting, getSettings, setSetting } from "../settings/index.js";

export { CONFIG_AUDIT, configTarget } from "./changes.js";

interface Deps {
  db: Db;
  clock: Clock;
}

/** What `config/set` or `config/reset` asks for: a value, or the default again. */
type Asked = { reset: false; value: unknown } | { reset: true };

/**
 * The typed configuration keys in the back office (DESIGN §4.1 Configuration): each with the value in
 * use, its default, whether a stored value overrides it, and a control setting's pending change. A change
 * is one transaction with its audit row (old and new value); every reader (getSetting) sees it from the
 * next read on. A change of a control setting (CONTROL_SETTINGS) is only asked for here: it waits in the
 * review queue for a second administrator (changes.ts), and a role without `config.controls` may not ask.
 */
export class ConfigAdminService {
  constructor(private readonly deps: Deps) {}

  async list(): Promise<{ items: ConfigItem[] }> {
    return { items: await this.items(this.deps.db, SETTING_KEYS) };
  }

  async set(staff: StaffAuth, request: ConfigSetRequest): Promise<ConfigItem> {
    checkTradingSetting(request.key, request.value);
    // The logo is stored as the server encoded it (logo.ts), never as sent.
    const value =
      request.key === "app.logo" && typeof request.value === "string" && request.value !== ""
        ? await storedLogo(request.value)
        : request.value;
    return this.change(staff, request.key, request.reason, { reset: false, value });
  }

  /** Back to the default: the stored value is removed (audited also when there was none). */
  async reset(staff: StaffAuth, request: ConfigResetRequest): Promise<ConfigItem> {
    return this.change(staff, request.key, request.reason, { reset: true });
  }

  /**
   * Under the key's lock (so a change asked for and one applied cannot cross): refused while a change of
   * the key is pending (SETTING_CHANGE_PENDING: its approval would undo this one), asked for when it
   * changes a control setting, else applied.
   */
  private async change(staff: StaffAuth, key: SettingKey, reason: string, asked: Asked) {
    const { db, clock } = this.deps;
    const at = clock.now();
    const outcome = await db.transaction(async (tx) => {
      await lockScopes(tx, [`setting:${key}`]);
      const before = await this.item(tx, key);
      if (before.pendingChange) throw new DomainError("SETTING_CHANGE_PENDING");
      const after = asked.reset ? SETTING_DEFAULTS[key] : parsed(key, asked.value);
      // Removing a value that is not stored changes nothing, whatever the key.
      const changes = !asked.reset || before.overridden;
      if (changes && isControlChange(key, before.value, after)) {
        if (!can(staff.role, "config.controls")) return { refused: after };
        await requestChange(tx, staff, { key, before: before.value, after, reset: asked.reset, reason, at });
        return { item: await this.item(tx, key), applied: false };
      }
      const was = audited(key, before.value);
      const details = asked.reset
        ? { key, before: was, after: audited(key, after), removed: await repo.removeSetting(tx, key) }
        : await (async () => {
            await setSetting(tx, key, after, staff.id, at);
            const stored = audited(key, await getSetting(tx, key));
            return { key, before: was, after: stored, wasOverridden: before.overridden };
          })();
      await recordStaffAction(tx, staff, {
        action: asked.reset ? CONFIG_AUDIT.reset : CONFIG_AUDIT.set,
        target: configTarget(key),
        reason,
        details,
        at,
      });
      return { item: await this.item(tx, key), applied: true };
    });
    if ("refused" in outcome)
      return refuseControlChange(db, staff, { key, value: outcome.refused, reason, at });
    if (outcome.applied) forgetTradingConfig();
    return outcome.item;
  }

  private async item(tx: Db, key: SettingKey): Promise<ConfigItem> {
    const [item] = await this.items(tx, [key]);
    if (!item) throw new Error(`setting ${key} not listed`);
    return item;
  }

  private async items(tx: Db, keys: readonly SettingKey[]): Promise<ConfigItem[]> {
    const [values, stored, pending] = await Promise.all([
      getSettings(tx, keys),
      repo.storedSettings(tx),
      changes.pendingChanges(tx, keys),
    ]);
    const pendingByKey = new Map(pending.map((row) => [row.key, toPendingChange(row)]));
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
        pendingChange: pendingByKey.get(key) ?? null,
      };
    });
  }
}

/** The value as its key's schema reads it (the request was validated already; this only narrows it). */
function parsed(key: SettingKey, value: unknown): unknown {
  const result = SETTINGS[key].safeParse(value);
  if (!result.success) throw new DomainError("INVALID_INPUT", { field: "value" });
  return result.data;
}
