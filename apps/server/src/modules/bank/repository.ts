import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { bankCards, users, withdrawals } from "../../db/schema/index.js";

/** The unique index that keeps a card number bound to one user at a time (migration 0004). */
export const BOUND_CARD_NUMBER_INDEX = "bank_cards_bound_number";

const cardColumns = {
  id: bankCards.id,
  country: bankCards.country,
  holderName: bankCards.holderName,
  cardNumber: bankCards.cardNumber,
  bankName: bankCards.bankName,
  branchName: bankCards.branchName,
  ifsc: bankCards.ifsc,
  swift: bankCards.swift,
  createdAt: bankCards.createdAt,
};

export type CardRow = Awaited<ReturnType<typeof listBound>>[number];

/**
 * Locks the user's row for the rest of the transaction and answers the identity a card is checked
 * against. Concurrent adds of one user run one after the other, so the count below the limit holds.
 */
export async function lockOwner(tx: Db, userId: string) {
  const [row] = await tx
    .select({ kycStatus: users.kycStatus, realname: users.realname })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

export async function countBound(tx: Db, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), isNull(bankCards.removedAt)));
  return row?.n ?? 0;
}

/** Throws the unique violation of BOUND_CARD_NUMBER_INDEX when the number is bound already (by anyone). */
export async function insertCard(tx: Db, values: typeof bankCards.$inferInsert) {
  const [row] = await tx.insert(bankCards).values(values).returning(cardColumns);
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** The user's bound cards, newest first (the id breaks ties of one instant, so the order is stable). */
export async function listBound(tx: Db, userId: string) {
  return tx
    .select(cardColumns)
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), isNull(bankCards.removedAt)))
    .orderBy(desc(bankCards.createdAt), desc(bankCards.id));
}

/** One bound card of the user, locked for the transaction; undefined for another user's card too. */
export async function lockBound(tx: Db, params: { userId: string; id: string }) {
  const [row] = await tx
    .select({ id: bankCards.id })
    .from(bankCards)
    .where(and(eq(bankCards.id, params.id), eq(bankCards.userId, params.userId), isNull(bankCards.removedAt)))
    .for("update");
  return row;
}

/** Unbinds a card, keeping the row for the withdrawals that name it. */
export async function markRemoved(tx: Db, params: { userId: string; id: string; at: Date }) {
  await tx
    .update(bankCards)
    .set({ removedAt: params.at })
    .where(
      and(eq(bankCards.id, params.id), eq(bankCards.userId, params.userId), isNull(bankCards.removedAt)),
    );
}

/**
 * Whether a withdrawal to the card waits for review (read under the card's row lock by bank/remove). A
 * read of the withdrawals table here, so that withdrawals (which read the cards) and bank cards do not
 * import each other.
 */
export async function pendingToCard(tx: Db, cardId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.bankCardId, cardId), eq(withdrawals.state, "pending")))
    .limit(1);
  return row !== undefined;
}
