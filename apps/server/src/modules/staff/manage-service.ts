import type { AdminRole, StaffCreateRequest, StaffMember } from "@brokerage/api";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { DomainError } from "../../lib/errors.js";
import { hashPassword } from "../../lib/password.js";
import { passwordWeakness } from "../../lib/password-policy.js";
import { recordStaffAction } from "../audit/index.js";
import * as repo from "./manage-repository.js";
import { findStaffByAccount, revokeAllStaffSessions } from "./repository.js";
import { staffTarget } from "./service.js";
import type { StaffAuth, StaffSessionService } from "./sessions.js";

export const STAFF_AUDIT = {
  create: "staff.create",
  setRole: "staff.setRole",
  disable: "staff.disable",
} as const;

interface Deps {
  db: Db;
  clock: Clock;
  sessions: StaffSessionService;
}

export const toStaffMember = (row: repo.StaffRow): StaffMember => ({
  id: row.id,
  account: row.account,
  role: row.role,
  disabled: row.disabled,
  totpEnabled: row.totpEnabledAt !== null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Staff management (administrator only, staff.manage). Each action is one transaction with exactly one
 * audit row. The platform always keeps an active administrator: nobody disables or demotes themself, and
 * the last active administrator cannot be disabled or demoted.
 */
export class StaffManagementService {
  constructor(private readonly deps: Deps) {}

  async list(): Promise<{ items: StaffMember[] }> {
    return { items: (await repo.listStaff(this.deps.db)).map(toStaffMember) };
  }

  async create(actor: StaffAuth, request: StaffCreateRequest): Promise<StaffMember> {
    const { db, clock } = this.deps;
    const weakness = await passwordWeakness(request.password, request.account);
    if (weakness) throw new DomainError(weakness);
    const passwordHash = await hashPassword(request.password);
    try {
      return await db.transaction(async (tx) => {
        if (await findStaffByAccount(tx, request.account)) throw new DomainError("ACCOUNT_EXISTS");
        const at = clock.now();
        const row = await repo.insertStaff(tx, { ...request, passwordHash, at });
        await recordStaffAction(tx, actor, {
          action: STAFF_AUDIT.create,
          target: staffTarget(row.id),
          details: { account: row.account, role: row.role },
          at,
        });
        return toStaffMember(row);
      });
    } catch (error) {
      // Created concurrently under another case of the same name.
      if (uniqueViolation(error) !== undefined) throw new DomainError("ACCOUNT_EXISTS");
      throw error;
    }
  }

  async setRole(actor: StaffAuth, request: { id: string; role: AdminRole }): Promise<StaffMember> {
    const { db, clock, sessions } = this.deps;
    const member = await db.transaction(async (tx) => {
      const target = await this.lockChangeable(tx, actor, request.id, request.role !== "administrator");
      const at = clock.now();
      const row = await repo.updateStaff(tx, target.id, { role: request.role, at });
      await recordStaffAction(tx, actor, {
        action: STAFF_AUDIT.setRole,
        target: staffTarget(row.id),
        details: { account: row.account, before: target.role, after: row.role },
        at,
      });
      return toStaffMember(row);
    });
    // The role is read with the session: every process sees the new one at once.
    await sessions.refresh(member.id);
    return member;
  }

  /** Disables the account and revokes its sessions; every process stops honouring them at once. */
  async disable(actor: StaffAuth, request: { id: string }): Promise<StaffMember> {
    const { db, clock, sessions } = this.deps;
    const member = await db.transaction(async (tx) => {
      const target = await this.lockChangeable(tx, actor, request.id, true);
      const at = clock.now();
      const row = await repo.updateStaff(tx, target.id, { disabled: true, at });
      await revokeAllStaffSessions(tx, { adminUserId: row.id, now: at });
      await recordStaffAction(tx, actor, {
        action: STAFF_AUDIT.disable,
        target: staffTarget(row.id),
        details: { account: row.account, role: row.role, wasDisabled: target.disabled },
        at,
      });
      return toStaffMember(row);
    });
    await sessions.endAllOf(member.id);
    return member;
  }

  /**
   * The target row, locked, after the rules of a change that may take away administrator rights
   * (`removesAdmin`): not one's own account, not the last active administrator.
   */
  private async lockChangeable(tx: Db, actor: StaffAuth, id: string, removesAdmin: boolean) {
    const { target, activeAdministrators } = await repo.lockForChange(tx, id);
    if (!target) throw new DomainError("NOT_FOUND");
    if (!removesAdmin) return target;
    if (target.id === actor.id) throw new DomainError("STAFF_SELF_CHANGE");
    const targetIsActiveAdmin = target.role === "administrator" && !target.disabled;
    if (targetIsActiveAdmin && activeAdministrators <= 1) throw new DomainError("LAST_ADMINISTRATOR");
    return target;
  }
}
