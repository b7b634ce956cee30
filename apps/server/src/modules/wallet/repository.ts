import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { users, walletAddresses, withdrawals } from "../../db/schema/index.js";

/** The unique index on (user, type, address) of the addresses kept (migration 0004). */
export const KEPT_ADDRESS_INDEX = "wallet_addresses_user_address";

const addressColumns = {
  id: walletAddresses.id,
  type: walletAddresses.type,
  address: walletAddresses.address,
  createdAt: walletAddresses.createdAt,
};

export type AddressRow = Awaited<ReturnType<typeof listKept>>[number];

/** Locks the user's row for the transaction: one user's adds run one after the other. */
export async function lockOwner(tx: Db, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  return rows.length > 0;
}

/** The user's addresses, newest first (the id breaks ties of one instant, so the order is stable). */
export async function listKept(tx: Db, userId: string) {
  return tx
    .select(addressColumns)
    .from(walletAddresses)
    .where(and(eq(walletAddresses.userId, userId), isNull(walletAddresses.removedAt)))
    .orderBy(desc(walletAddresses.createdAt), desc(walletAddresses.id));
}

/** Throws the unique violation of KEPT_ADDRESS_INDEX when the user keeps this exact address already. */
export async function insertAddress(tx: Db, values: typeof walletAddresses.$inferInsert) {
  const [row] = await tx.insert(walletAddresses).values(values).returning(addressColumns);
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** One kept address of the user, locked for the transaction; undefined for another user's address too. */
export async function lockKept(tx: Db, params: { userId: string; id: string }) {
  const [row] = await tx
    .select({ id: walletAddresses.id })
    .from(walletAddresses)
    .where(
      and(
        eq(walletAddresses.id, params.id),
        eq(walletAddresses.userId, params.userId),
        isNull(walletAddresses.removedAt),
      ),
    )
    .for("update");
  return row;
}

/**
 * Whether a withdrawal to the address waits for review (read under the address's row lock, which
 * `fund/withdraw` takes too before it writes one): a read of the withdrawals table here, so that the
 * withdrawals module (which reads addresses) and this one do not import each other.
 */
export async function pendingToAddress(tx: Db, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.walletAddressId, id), eq(withdrawals.state, "pending")))
    .limit(1);
  return row !== undefined;
}

/** Removes one kept address of the user (the row stays, for the withdrawals that name it). */
export async function markRemoved(tx: Db, params: { userId: string; id: string; at: Date }) {
  await tx
    .update(walletAddresses)
    .set({ removedAt: params.at })
    .where(
      and(
        eq(walletAddresses.id, params.id),
        eq(walletAddresses.userId, params.userId),
        isNull(walletAddresses.removedAt),
      ),
    );
}
