/** Helpers of the back-office tests (imported by *.test.ts only). */
import type { AdminAnswer, AdminJsonPath, AdminRequest, AdminRole } from "@brokerage/api";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import type { Db } from "../../db/index.js";
import { adminUsers, auditLog } from "../../db/schema/index.js";
import { hashPassword } from "../../lib/password.js";
import { newAccount, postJson, type Answer } from "../../../test/helper.js";

/** The administrator test/helper.ts bootstraps. */
export const BOOTSTRAP_ADMIN = { account: "admin", password: "Back-office-Key-7" } as const;
export const STAFF_PASSWORD = "Staff-password-42";

/**
 * POSTs a JSON call to /api/admin/<path> and returns the parsed envelope with the HTTP status. A call of
 * the endpoint table with its body answers its `data` typed (null on a refusal); any other path or body
 * answers `data` unknown.
 */
export async function adminCall<P extends AdminJsonPath>(
  app: FastifyInstance,
  path: P,
  body?: AdminRequest<P>,
  headers?: Record<string, string>,
  remoteAddress?: string,
): Promise<Answer<AdminAnswer<P> | null>>;
export async function adminCall(
  app: FastifyInstance,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
  remoteAddress?: string,
): Promise<Answer>;
export async function adminCall(
  app: FastifyInstance,
  path: string,
  body: unknown = {},
  headers: Record<string, string> = {},
  remoteAddress = "10.0.0.1",
): Promise<Answer> {
  return postJson(app, `/api/admin/${path}`, body, headers, remoteAddress);
}

export interface StaffMember {
  id: string;
  account: string;
  password: string;
  role: AdminRole;
}

/** A staff account written straight into the database, as staff/create would. */
export async function createStaff(
  db: Db,
  role: AdminRole,
  overrides: { account?: string; disabled?: boolean } = {},
): Promise<StaffMember> {
  const account = overrides.account ?? newAccount(`staff_${role}_`);
  const now = new Date();
  const [row] = await db
    .insert(adminUsers)
    .values({
      account,
      passwordHash: await hashPassword(STAFF_PASSWORD),
      role,
      disabled: overrides.disabled ?? false,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: adminUsers.id });
  if (!row) throw new Error("no staff row");
  return { id: row.id, account, password: STAFF_PASSWORD, role };
}

export interface StaffLogin {
  token: string;
  account: string;
  headers: Record<string, string>;
}

export async function staffLogin(
  app: FastifyInstance,
  staff: { account: string; password: string },
  remoteAddress: string,
  otp?: string,
): Promise<StaffLogin> {
  const answer = await adminCall(
    app,
    "auth/login",
    { account: staff.account, password: staff.password, ...(otp && { otp }) },
    {},
    remoteAddress,
  );
  if (answer.status !== 1) throw new Error(`staff log-in failed: ${JSON.stringify(answer)}`);
  const { token, account } = answer.data as AdminAnswer<"auth/login">;
  return { token, account, headers: { token, account } };
}

export async function auditCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

/** Runs `act` and checks that it appended exactly one audit row, which it returns with act's result. */
export async function expectOneAuditRow<T>(db: Db, act: () => Promise<T>) {
  const before = new Set((await db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id));
  const result = await act();
  const added = (await db.select().from(auditLog)).filter((r) => !before.has(r.id));
  expect(added).toHaveLength(1);
  return { result, row: added[0] };
}

export async function staffRow(db: Db, id: string) {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  return row;
}

/** What an authenticator app shows at `at` (generated independently of lib/totp.ts). */
export function appCode(secret: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });
}

export const unauthorized = {
  httpStatus: 401,
  status: 0,
  code: "UNAUTHORIZED",
  msg: "Please log in again",
  data: null,
};
