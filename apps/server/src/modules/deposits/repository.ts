import { and, asc, count, desc, eq, inArray, lt, sql, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/index.js";
import { depositChannels, deposits, idempotencyKeys, users } from "../../db/schema/index.js";

/** SQL only (CONVENTIONS): deposit channels and deposits. The rules are in service.ts and channels.ts. */

/** The unique index that keeps one pending deposit per user (migration 0005). */
export const ONE_PENDING_INDEX = "deposits_one_pending";

export type ChannelRow = typeof depositChannels.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;

const byDisplayOrder = [asc(depositChannels.sort), asc(depositChannels.name), asc(depositChannels.id)];

export async function listChannels(db: Db, options: { enabledOnly: boolean }): Promise<ChannelRow[]> {
  return db
    .select()
    .from(depositChannels)
    .where(options.enabledOnly ? eq(depositChannels.enabled, true) : undefined)
    .orderBy(...byDisplayOrder);
}

export async function findChannel(db: Db, id: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(depositChannels).where(eq(depositChannels.id, id));
  return row;
}

export type ChannelValues = Pick<
  ChannelRow,
  "kind" | "name" | "details" | "limits" | "voucherRequired" | "enabled" | "sort"
>;

export async function insertChannel(tx: Db, values: ChannelValues, at: Date): Promise<ChannelRow> {
  const [row] = await tx
    .insert(depositChannels)
    .values({ ...values, demo: false, createdAt: at, updatedAt: at })
    .returning();
  if (!row) throw new Error("channel not inserted");
  return row;
}

/** A channel locked for the rest of the transaction (a save reads it, then changes it). */
export async function lockChannel(tx: Db, id: string): Promise<ChannelRow | undefined> {
  const [row] = await tx.select().from(depositChannels).where(eq(depositChannels.id, id)).for("update");
  return row;
}

export async function updateChannel(
  tx: Db,
  id: string,
  values: ChannelValues,
  at: Date,
): Promise<ChannelRow> {
  const [row] = await tx
    .update(depositChannels)
    .set({ ...values, updatedAt: at })
    .where(eq(depositChannels.id, id))
    .returning();
  if (!row) throw new Error("channel not updated");
  return row;
}

/** The flags that close deposits (spec §6), read in the request's transaction. */
export async function findAccountFlags(tx: Db, userId: string) {
  const [row] = await tx
    .select({ frozen: users.frozen, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function hasPending(tx: Db, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.state, "pending")))
    .limit(1);
  return row !== undefined;
}

/** Whether a money-moving call of this owner already claimed the key (its retry answers the first result). */
export async function idempotencyKeyExists(db: Db, owner: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key)));
  return row !== undefined;
}

/** Throws the unique violation of ONE_PENDING_INDEX when the user has a pending deposit already. */
export async function insertDeposit(
  tx: Db,
  values: Pick<DepositRow, "userId" | "channelId" | "currency" | "amount" | "voucher" | "createdAt">,
): Promise<DepositRow> {
  const [row] = await tx.insert(deposits).values(values).returning();
  if (!row) throw new Error("deposit not inserted");
  return row;
}

const recordColumns = {
  deposit: deposits,
  channelName: depositChannels.name,
  channelKind: depositChannels.kind,
};
export type DepositWithChannel = {
  deposit: DepositRow;
  channelName: string;
  channelKind: ChannelRow["kind"];
};

export async function findOwn(db: Db, params: { userId: string; id: string }) {
  const [row] = await db
    .select(recordColumns)
    .from(deposits)
    .innerJoin(depositChannels, eq(depositChannels.id, deposits.channelId))
    .where(and(eq(deposits.id, params.id), eq(deposits.userId, params.userId)));
  return row;
}

/** The user's deposits, newest first by seq. */
export async function listOwnPage(
  db: Db,
  params: { userId: string; beforeSeq: number | undefined; limit: number },
): Promise<DepositWithChannel[]> {
  return db
    .select(recordColumns)
    .from(deposits)
    .innerJoin(depositChannels, eq(depositChannels.id, deposits.channelId))
    .where(
      and(
        eq(deposits.userId, params.userId),
        params.beforeSeq === undefined ? undefined : lt(deposits.seq, params.beforeSeq),
      ),
    )
    .orderBy(desc(deposits.seq))
    .limit(params.limit);
}

/** A deposit's amount and currency (the message of its outcome). */
export async function findAmount(db: Db, id: string) {
  const [row] = await db
    .select({ amount: deposits.amount, currency: deposits.currency })
    .from(deposits)
    .where(eq(deposits.id, id));
  return row;
}

/** Whose deposit `id` is (the subject of a staff read of its voucher). */
export async function findDepositOwner(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: deposits.userId }).from(deposits).where(eq(deposits.id, id));
  return row?.userId;
}

export async function findVoucherName(db: Db, id: string): Promise<string | null | undefined> {
  const [row] = await db.select({ voucher: deposits.voucher }).from(deposits).where(eq(deposits.id, id));
  return row?.voucher;
}

/**
 * Decides a pending deposit of the user; undefined when it is not (any longer) pending, so of two
 * concurrent decisions one wins.
 */
export async function decide(
  tx: Db,
  params: {
    id: string;
    userId: string;
    state: "approved" | "rejected";
    reason: string | null;
    at: Date;
  },
): Promise<DepositRow | undefined> {
  const [row] = await tx
    .update(deposits)
    .set({ state: params.state, reason: params.reason, decidedAt: params.at })
    .where(and(eq(deposits.id, params.id), eq(deposits.userId, params.userId), eq(deposits.state, "pending")))
    .returning();
  return row;
}

export async function setEntry(tx: Db, id: string, entryId: number): Promise<void> {
  await tx.update(deposits).set({ entryId }).where(eq(deposits.id, id));
}

const earlier = alias(deposits, "earlier");

/**
 * What a reviewer reads beside each deposit: the channel, the user's KYC standing and real name, and the
 * user's approved deposits before this one (their number, and their sum in this deposit's currency).
 */
export async function reviewSubjects(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const approvedBefore = db
    .select({
      count: count().as("approved_count"),
      sum: sum(sql`case when ${earlier.currency} = ${deposits.currency} then ${earlier.amount} end`).as(
        "approved_sum",
      ),
    })
    .from(earlier)
    .where(
      and(eq(earlier.userId, deposits.userId), eq(earlier.state, "approved"), lt(earlier.seq, deposits.seq)),
    )
    .as("approved_before");
  return db
    .select({
      deposit: deposits,
      channelName: depositChannels.name,
      channelKind: depositChannels.kind,
      kycStatus: users.kycStatus,
      realName: users.realname,
      approvedCount: approvedBefore.count,
      approvedSum: approvedBefore.sum,
    })
    .from(deposits)
    .innerJoin(depositChannels, eq(depositChannels.id, deposits.channelId))
    .innerJoin(users, eq(users.id, deposits.userId))
    .leftJoinLateral(approvedBefore, sql`true`)
    .where(inArray(deposits.id, [...ids]));
}
