import { ADMIN_ROLES, PASSWORD_MIN, renderMessage } from "@brokerage/api";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { hashPassword } from "../../lib/password.js";
import { passwordWeakness } from "../../lib/password-policy.js";
import { randomCode, randomPassword } from "../../lib/random.js";
import { inviteCodeTaken } from "../user/index.js";
import * as repo from "./repository.js";

export interface BootstrapSettings {
  adminAccount?: string | undefined;
  adminPassword?: string | undefined;
  inviteCode?: string | undefined;
}

/** What this start created. Secrets appear only when they were generated, so main prints them once. */
export interface BootstrapResult {
  adminAccount?: string;
  generatedAdminPassword?: string;
  inviteCode?: string;
  generatedInviteCode?: boolean;
}

// Any fixed number: serialises bootstraps of processes starting together on one database.
const BOOTSTRAP_LOCK = 7_301_002;
const SYSTEM = { adminUserId: null, actor: "system" } as const;
const DEFAULT_ADMIN_ACCOUNT = "admin";

/**
 * First start: seeds the first administrator and the first institution (the app's title, logo, languages
 * and service link are settings with defaults: common/config).
 * Idempotent: later starts find them and create nothing (an explicitly given invitation code that does
 * not exist yet is still added, so a deployment can name its code).
 */
export async function bootstrap(db: Db, clock: Clock, settings: BootstrapSettings): Promise<BootstrapResult> {
  if (settings.adminPassword) await assertUsableAdminPassword(settings.adminPassword, settings.adminAccount);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
    const now = clock.now();
    const result: BootstrapResult = {};

    if ((await repo.countAdminUsers(tx)) === 0) {
      const account = settings.adminAccount || DEFAULT_ADMIN_ACCOUNT;
      const password = settings.adminPassword || randomPassword();
      const role = ADMIN_ROLES[0];
      const passwordHash = await hashPassword(password);
      await repo.insertAdminUser(tx, { account, passwordHash, role, createdAt: now, updatedAt: now });
      await repo.appendAudit(tx, {
        ...SYSTEM,
        action: "admin.bootstrap",
        target: `admin:${account}`,
        details: { role },
        createdAt: now,
      });
      result.adminAccount = account;
      if (!settings.adminPassword) result.generatedAdminPassword = password;
    }

    // Codes are kept upper-case and registration upper-cases what is typed: any case works.
    const wanted = settings.inviteCode?.trim().toUpperCase();
    const needed = wanted ? !(await inviteCodeTaken(tx, wanted)) : (await repo.countInstitutions(tx)) === 0;
    if (needed) {
      const inviteCode = wanted || randomCode();
      await repo.insertInstitution(tx, { name: "Head office", inviteCode, createdAt: now, updatedAt: now });
      await repo.appendAudit(tx, {
        ...SYSTEM,
        action: "institution.bootstrap",
        target: `institution:${inviteCode}`,
        details: {},
        createdAt: now,
      });
      result.inviteCode = inviteCode;
      result.generatedInviteCode = !wanted;
    }
    return result;
  });
}

/** A configuration the server refuses to start with; main prints the message alone and exits. */
export class StartupError extends Error {
  override readonly name = "StartupError";
}

/** ADMIN_PASSWORD meets the rules every user password meets, checked at every start that sets it. */
async function assertUsableAdminPassword(password: string, account = DEFAULT_ADMIN_ACCOUNT): Promise<void> {
  const weakness =
    password.length < PASSWORD_MIN ? "PASSWORD_TOO_SHORT" : await passwordWeakness(password, account);
  if (weakness) {
    const why = renderMessage(weakness, { minLength: String(PASSWORD_MIN) });
    throw new StartupError(`ADMIN_PASSWORD is refused: ${why}. Set a stronger one and start again.`);
  }
}

/** The framed first-start notice, or null when nothing secret was generated. */
export function firstStartNotice(result: BootstrapResult): string | null {
  const lines: string[] = [];
  if (result.generatedAdminPassword) {
    lines.push(`  back-office account:   ${result.adminAccount ?? ""}`);
    lines.push(`  back-office password:  ${result.generatedAdminPassword}`);
  }
  if (result.generatedInviteCode) lines.push(`  invitation code:       ${result.inviteCode ?? ""}`);
  if (lines.length === 0) return null;
  const rule = "=".repeat(72);
  return [
    rule,
    "  FIRST START: generated credentials (shown this once, never again)",
    ...lines,
    "  Store them now. Set ADMIN_ACCOUNT, ADMIN_PASSWORD and BOOTSTRAP_INVITE_CODE to choose your own.",
    rule,
  ].join("\n");
}
