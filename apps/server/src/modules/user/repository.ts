import { eq, sql } from "drizzle-orm";
import { EmbeddedStatement, embeddedClientOf } from "../../db/embedded.js";
import type { Db } from "../../db/index.js";
import { institutions, users } from "../../db/schema/index.js";
import { profileCacheOf } from "./profile-cache.js";

/** Accounts match regardless of case (the unique index is on lower(account)). */
export async function findUserByAccount(tx: Db, account: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.account}) = lower(${account})`)
    .limit(1);
  return row;
}

export async function findUserById(tx: Db, id: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Only what `user/getUserinfo` shows, not the whole row (hashes included). */
const profileFields = {
  account: users.account,
  realname: users.realname,
  inviteCode: users.inviteCode,
  kycStatus: users.kycStatus,
  fundPasswordSet: sql<boolean>`${users.fundPasswordHash} is not null`,
  creditScore: users.creditScore,
  frozen: users.frozen,
  loginBanned: users.loginBanned,
  disabled: users.disabled,
  tradeBanned: users.tradeBanned,
  withdrawBanned: users.withdrawBanned,
  createdAt: users.createdAt,
};
const PROFILE_KEYS = Object.keys(profileFields) as (keyof typeof profileFields)[];

const profileSelect = (tx: Db) =>
  tx
    .select(profileFields)
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1);
export type UserProfileRow = Awaited<ReturnType<typeof profileSelect>>[number];

const profileQueries = new WeakMap<Db, ReturnType<ReturnType<typeof profileSelect>["prepare"]>>();
let embeddedProfile: EmbeddedStatement | undefined;

/**
 * The profile is the most frequent read, so its SQL is built once, not on every call: a named prepared
 * statement on PostgreSQL, and on the embedded database a statement prepared once per database (see
 * db/embedded.ts: there, parsing and planning were most of the call), whose answers the process keeps
 * until the user's row changes (profile-cache.ts: the embedded database has no other writer).
 */
export async function findUserProfile(tx: Db, id: string): Promise<UserProfileRow | undefined> {
  const client = embeddedClientOf(tx);
  if (client) {
    const cache = await profileCacheOf<UserProfileRow>(client);
    const kept = cache.get(id, Date.now());
    if (kept) return kept;
    const version = cache.version;
    embeddedProfile ??= new EmbeddedStatement("user_profile", profileSelect(tx));
    const [found] = await embeddedProfile.rows(client, { id });
    if (!found) return undefined;
    const row = Object.freeze(
      Object.fromEntries(PROFILE_KEYS.map((k, i) => [k, found[i]])),
    ) as UserProfileRow;
    cache.set(id, row, version, Date.now());
    return row;
  }
  let query = profileQueries.get(tx);
  if (!query) profileQueries.set(tx, (query = profileSelect(tx).prepare("user_profile")));
  const [row] = await query.execute({ id });
  return row;
}

export async function findInstitutionByInviteCode(tx: Db, inviteCode: string) {
  const [row] = await tx
    .select({ id: institutions.id })
    .from(institutions)
    .where(eq(institutions.inviteCode, inviteCode))
    .limit(1);
  return row;
}

export async function findUserByInviteCode(tx: Db, inviteCode: string) {
  const [row] = await tx
    .select({ id: users.id, institutionId: users.institutionId })
    .from(users)
    .where(eq(users.inviteCode, inviteCode))
    .limit(1);
  return row;
}

/** Invitation codes are unique across institutions and users, so a code names one inviter. */
export async function inviteCodeTaken(tx: Db, inviteCode: string): Promise<boolean> {
  return (
    (await findInstitutionByInviteCode(tx, inviteCode)) !== undefined ||
    (await findUserByInviteCode(tx, inviteCode)) !== undefined
  );
}

export async function insertUser(tx: Db, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id, account: users.account });
  if (!row) throw new Error("insert into users returned no row");
  return row;
}

export async function updatePasswordHash(
  tx: Db,
  params: { userId: string; passwordHash: string; now: Date },
) {
  await tx
    .update(users)
    .set({ passwordHash: params.passwordHash, updatedAt: params.now })
    .where(eq(users.id, params.userId));
}

/** Counts a wrong password given for the account, in one statement (parallel failures all count). */
export async function recordFailedLogin(tx: Db, params: { userId: string; at: Date }) {
  await tx
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1`, lastFailedLoginAt: params.at })
    .where(eq(users.id, params.userId));
}

/**
 * The failed log-ins since the last log-in, cleared as they are read: each is told to the owner once.
 * The row lock keeps a failure counted meanwhile from being cleared unread.
 */
export async function takeFailedLogins(tx: Db, userId: string) {
  const [row] = await tx
    .select({ count: users.failedLogins, lastAt: users.lastFailedLoginAt })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!row || row.count === 0) return undefined;
  await tx.update(users).set({ failedLogins: 0 }).where(eq(users.id, userId));
  return row;
}
