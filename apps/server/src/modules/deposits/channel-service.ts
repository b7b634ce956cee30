import {
  CHANNEL_SAVE_AUDIT,
  type AdminDepositChannel,
  type ChannelListResponse,
  type ChannelSaveRequest,
} from "@brokerage/api";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { recordStaffAction } from "../audit/index.js";
import type { StaffAuth } from "../staff/index.js";
import { adminChannel, channelValues } from "./channels.js";
import * as repo from "./repository.js";

export const channelTarget = (id: string) => `channel:${id}`;

/**
 * The back office's deposit channels (`channels/list`, `channels/save`, permission channels.manage).
 * A save and its audit record (with the staff member's reason, the channel before and after) are one
 * transaction. Channels are never deleted and keep their kind: deposits name them; a channel no longer
 * offered is disabled.
 */
export class ChannelAdminService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(): Promise<ChannelListResponse> {
    const rows = await repo.listChannels(this.deps.db, { enabledOnly: false });
    return { items: rows.map(adminChannel) };
  }

  async save(staff: StaffAuth, request: ChannelSaveRequest): Promise<AdminDepositChannel> {
    const values = channelValues(request);
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const at = clock.now();
      let before: repo.ChannelRow | null = null;
      let after: repo.ChannelRow;
      if (request.id === undefined) after = await repo.insertChannel(tx, values, at);
      else {
        before = (await repo.lockChannel(tx, request.id)) ?? null;
        if (!before) throw new DomainError("NOT_FOUND");
        // Deposits name their channel: a bank account does not turn into a crypto address under them.
        if (before.kind !== values.kind) throw new DomainError("INVALID_INPUT", { field: "kind" });
        after = await repo.updateChannel(tx, request.id, values, at);
      }
      await recordStaffAction(tx, staff, {
        action: CHANNEL_SAVE_AUDIT,
        target: channelTarget(after.id),
        reason: request.reason,
        details: { created: before === null, before: before && snapshot(before), after: snapshot(after) },
        at,
      });
      return adminChannel(after);
    });
  }
}

/** What the audit record keeps of a channel: every setting a user meets. */
const snapshot = (row: repo.ChannelRow) => ({
  kind: row.kind,
  name: row.name,
  details: row.details,
  limits: row.limits,
  voucherRequired: row.voucherRequired,
  enabled: row.enabled,
  sort: row.sort,
});
