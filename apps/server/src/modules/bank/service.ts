import { BANK_CARDS_MAX, type AddBankCardRequest, type BankCard } from "@brokerage/api";
import {
  isCardNumber,
  isIfsc,
  maskCardNumber,
  namesMatch,
  normaliseCardNumber,
  normaliseIfsc,
  normaliseName,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { DomainError } from "../../lib/errors.js";
import * as repo from "./repository.js";

interface Deps {
  db: Db;
  clock: Clock;
  /** How many cards a user may keep bound; BANK_CARDS_MAX unless a test lowers it. */
  maxCards?: number;
  /** Whether a withdrawal to the card is pending; `cardHasPendingWithdrawal` unless a test stands in. */
  hasPendingWithdrawal?: (tx: Db, cardId: string) => Promise<boolean>;
}

function toBankCard(row: repo.CardRow): BankCard {
  return {
    id: row.id,
    holderName: row.holderName,
    cardNumber: maskCardNumber(row.cardNumber),
    bankName: row.bankName,
    branchName: row.branchName,
    ifsc: row.ifsc,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Whether a withdrawal to this card is still pending (requested, not yet paid out or refused), which
 * forbids removing the card (issue 7: "Removing a card is refused while a withdrawal to it is pending").
 * Read inside `tx`, where the caller holds the card's row lock: `fund/withdraw` takes the same lock
 * before it writes a withdrawal to the card, so none can slip in between this check and the removal.
 */
export async function cardHasPendingWithdrawal(tx: Db, cardId: string): Promise<boolean> {
  return repo.pendingToCard(tx, cardId);
}

/**
 * Bank cards (spec §3, §5): bound only after KYC, in the verified real name, each card number bound to one
 * user at a time. The owner sees the number masked; the full number is kept for payouts.
 */
export class BankCardService {
  private readonly maxCards: number;
  private readonly hasPendingWithdrawal: (tx: Db, cardId: string) => Promise<boolean>;

  constructor(private readonly deps: Deps) {
    this.maxCards = deps.maxCards ?? BANK_CARDS_MAX;
    this.hasPendingWithdrawal = deps.hasPendingWithdrawal ?? cardHasPendingWithdrawal;
  }

  async list(userId: string): Promise<BankCard[]> {
    return (await repo.listBound(this.deps.db, userId)).map(toBankCard);
  }

  async add(userId: string, input: AddBankCardRequest): Promise<BankCard> {
    const { db, clock } = this.deps;
    if (!isCardNumber(input.cardNumber))
      throw new DomainError("CARD_NUMBER_INVALID", { field: "cardNumber" });
    if (!isIfsc(input.ifsc)) throw new DomainError("IFSC_INVALID", { field: "ifsc" });
    try {
      return await db.transaction(async (tx) => {
        const owner = await repo.lockOwner(tx, userId);
        if (!owner) throw new DomainError("UNAUTHORIZED");
        if (owner.kycStatus !== "verified" || owner.realname === null) throw new DomainError("KYC_REQUIRED");
        if (!namesMatch(input.holderName, owner.realname))
          throw new DomainError("CARD_NOT_OWNED", { field: "holderName" });
        if ((await repo.countBound(tx, userId)) >= this.maxCards)
          throw new DomainError("CARD_LIMIT_REACHED", { limit: String(this.maxCards) });
        const row = await repo.insertCard(tx, {
          userId,
          holderName: normaliseName(input.holderName),
          cardNumber: normaliseCardNumber(input.cardNumber),
          bankName: input.bankName,
          branchName: input.branchName,
          ifsc: normaliseIfsc(input.ifsc),
          createdAt: clock.now(),
        });
        return toBankCard(row);
      });
    } catch (error) {
      // Bound already, by this user or anyone else, including a concurrent add: the unique index decides.
      if (uniqueViolation(error) === repo.BOUND_CARD_NUMBER_INDEX)
        throw new DomainError("CARD_EXISTS", { field: "cardNumber" });
      throw error;
    }
  }

  /** Another user's card, a removed one and one that never existed all answer NOT_FOUND alike. */
  async remove(userId: string, id: string): Promise<void> {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const card = await repo.lockBound(tx, { userId, id });
      if (!card) throw new DomainError("NOT_FOUND");
      if (await this.hasPendingWithdrawal(tx, card.id)) throw new DomainError("CARD_WITHDRAWAL_PENDING");
      await repo.markRemoved(tx, { userId, id, at: clock.now() });
    });
  }
}
