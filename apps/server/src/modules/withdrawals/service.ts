import { randomUUID } from "node:crypto";
import {
  CURRENCIES,
  WITHDRAW_PAGE_SIZE,
  type WithdrawListResponse,
  type WithdrawRequest,
  type WithdrawRulesResponse,
  type Withdrawal,
} from "@brokerage/api";
import { hold, inWindow, maskAccountNumber, money, namesMatch, toBookedString } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { seqCursor } from "../../lib/cursor.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { DomainError } from "../../lib/errors.js";
import { countBound } from "../bank/index.js";
import type { FundPasswordService } from "../fund-password/index.js";
import { amountAtScale, availableOf, book, idempotent, type IdempotentCall } from "../ledger/index.js";
import { needsSecondApproval, openReview } from "../reviews/index.js";
import { getSettings } from "../settings/index.js";
import * as repo from "./repository.js";
import {
  accountRefusal,
  amountRefusal,
  checklist,
  creditScoreRefusal,
  feeRefusal,
  fundPasswordRefusal,
  kycRefusal,
  limitsOf,
  networkFeeOf,
  networksOf,
  pendingRefusal,
  windowRefusal,
  withdrawableRefusal,
  WITHDRAWAL_SETTINGS,
  type Refusal,
  type WithdrawalSettings,
} from "./rules.js";

interface Deps {
  db: Db;
  clock: Clock;
  fundPasswords: FundPasswordService;
}

/**
 * What `fund/withdraw` is asked, as hashed for its idempotency key (never the fund password): the
 * destination is `bankCardId` or `walletId`, whichever was sent.
 */
interface Asked {
  currency: string;
  /** At the currency's scale, so "100" and "100.00" are one request. */
  amount: string;
  bankCardId?: string;
  walletId?: string;
}

/** Where a checked withdrawal pays to: a card in the verified name, or an address on a paying network. */
type Destination =
  { kind: "card"; card: repo.CardRow } | { kind: "wallet"; wallet: repo.AddressRow; fee: string };

const cursor = seqCursor("wdr");

function refuse(refusal: Refusal | null): void {
  if (refusal) throw new DomainError(refusal.code, refusal.params);
}

const maskedCard = (card: repo.CardRow) => ({ ...card, cardNumber: maskAccountNumber(card.cardNumber) });

export function toWithdrawal(row: repo.ListedRow): Withdrawal {
  const amount = toBookedString(row.amount, row.currency);
  const fee = toBookedString(row.fee, row.currency);
  return {
    id: row.id,
    currency: row.currency as Withdrawal["currency"],
    amount,
    fee,
    receive: toBookedString(money(amount).minus(fee), row.currency),
    state: row.state,
    reason: row.reason,
    card: row.card && maskedCard(row.card),
    wallet: row.wallet,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** Thrown to leave `idempotent` without claiming its key: only a stored answer is wanted. */
class NotStored extends Error {}

/**
 * Withdrawals (spec §5; DESIGN §5 "Withdrawals and deposits"): the rules with the user's standing, the
 * request (held at once, reviewed by staff), and the user's list.
 */
export class WithdrawalService {
  constructor(private readonly deps: Deps) {}

  async rules(userId: string, currency: string): Promise<WithdrawRulesResponse> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const [user, cardCount, addressTypes, pending, available, settings] = await Promise.all([
      repo.findUserStanding(db, userId),
      countBound(db, userId),
      repo.keptAddressTypes(db, userId),
      repo.findPending(db, userId),
      availableOf(db, userId, currency),
      getSettings(db, WITHDRAWAL_SETTINGS),
    ]);
    if (!user) throw new DomainError("UNAUTHORIZED");
    const networks = networksOf(settings, currency);
    const walletCount = addressTypes.filter((type) => networks.some((n) => n.type === type)).length;
    const rules = checklist({ user, cardCount, walletCount, pending, available }, settings, currency, now);
    const window = settings["withdrawal.window"];
    const fourEyes = settings["withdrawal.fourEyesAbove"][currency];
    return {
      currency: currency as WithdrawRulesResponse["currency"],
      rules,
      canWithdraw: rules.every((r) => r.met),
      currencies: CURRENCIES.filter((c) => settings["withdrawal.limits"][c] !== undefined),
      available,
      limits: limitsOf(settings, currency) ?? null,
      networks,
      window: { ...window, open: inWindow(window, now) },
      arrival: settings["withdrawal.arrival"],
      fourEyesAbove: fourEyes === undefined ? null : toBookedString(fourEyes, currency),
    };
  }

  /**
   * Every rule in the order of spec §5, each with its own code, then the hold, the withdrawal and its
   * review in one transaction under the request's idempotency key.
   *
   * The rules are checked twice. First outside any transaction, because a wrong fund password must be
   * counted (and lock at the limit) even though the request fails, and a failure counted inside the
   * transaction would roll back with it. Then again inside the transaction, under the card's row lock,
   * with the balance guarded by the ledger and one pending withdrawal per user guarded by the database.
   */
  async withdraw(userId: string, input: WithdrawRequest): Promise<Withdrawal> {
    const { db, clock, fundPasswords } = this.deps;
    const asked: Asked = {
      currency: input.currency,
      amount: amountAtScale(input.amount, input.currency),
      ...(input.bankCardId !== undefined && { bankCardId: input.bankCardId }),
      ...(input.walletId !== undefined && { walletId: input.walletId }),
    };
    const call: IdempotentCall = { owner: `user:${userId}`, key: input.idempotencyKey, request: asked };
    const stored = await this.storedAnswer(call);
    if (stored) return stored;
    try {
      await this.check(db, userId, asked, { lock: false });
      await fundPasswords.verify(db, userId, input.fundPassword);
      refuse(withdrawableRefusal(await availableOf(db, userId, asked.currency), asked.amount));
    } catch (error) {
      // A twin of this request (same key) may have been held meanwhile, and its pending withdrawal then
      // refuses this one: its answer is this one's too.
      const twin = error instanceof DomainError ? await this.storedAnswer(call) : undefined;
      if (twin) return twin;
      throw error;
    }
    try {
      return await idempotent(db, clock, call, (tx) => this.hold(tx, userId, asked, input.idempotencyKey));
    } catch (error) {
      // Two requests to different destinations passed every check at once: the database keeps one pending.
      if (uniqueViolation(error) === repo.ONE_PENDING_INDEX) throw new DomainError("FUND_OPERATION_PENDING");
      throw error;
    }
  }

  async list(userId: string, after?: string): Promise<WithdrawListResponse> {
    const beforeSeq = after === undefined ? undefined : cursor.decode(after);
    const rows = await repo.listPage(this.deps.db, { userId, beforeSeq, limit: WITHDRAW_PAGE_SIZE + 1 });
    const page = rows.slice(0, WITHDRAW_PAGE_SIZE);
    const last = page.at(-1);
    return {
      items: page.map(toWithdrawal),
      nextCursor: rows.length > WITHDRAW_PAGE_SIZE && last ? cursor.encode(last.seq) : null,
    };
  }

  /**
   * The rules before the fund password, in order; the card's or address's row locked when asked (in the
   * transaction).
   */
  private async check(handle: Db, userId: string, asked: Asked, options: { lock: boolean }) {
    const now = this.deps.clock.now();
    const [user, settings] = await Promise.all([
      repo.findUserStanding(handle, userId),
      getSettings(handle, WITHDRAWAL_SETTINGS),
    ]);
    if (!user) throw new DomainError("UNAUTHORIZED");
    refuse(accountRefusal(user));
    refuse(fundPasswordRefusal(user, now));
    refuse(kycRefusal(user));
    const destination = await this.destinationOf(handle, userId, asked, user.realname, settings, options);
    refuse(creditScoreRefusal(user, settings["withdrawal.minCreditScore"]));
    refuse(windowRefusal(settings["withdrawal.window"], now));
    refuse(amountRefusal(limitsOf(settings, asked.currency), asked.amount));
    if (destination.kind === "wallet") refuse(feeRefusal(destination.fee, asked.amount));
    refuse(pendingRefusal(await repo.findPending(handle, userId)));
    return { destination, settings };
  }

  /**
   * The card or address asked for. Another user's answers as an unknown one: whether an id is someone's
   * card is not this user's to learn (as everywhere: another user's ids are not found). "Card not the
   * holder's" (spec §5, §8) is the user's own card in a name other than their verified real name. An
   * address needs a network that pays out the currency (`withdrawal.networkFees`), and its fee.
   */
  private async destinationOf(
    handle: Db,
    userId: string,
    asked: Asked,
    realname: string | null,
    settings: WithdrawalSettings,
    options: { lock: boolean },
  ): Promise<Destination> {
    if (asked.walletId !== undefined) {
      const wallet = await repo.findKeptAddress(handle, { userId, id: asked.walletId, lock: options.lock });
      if (!wallet) throw new DomainError("WALLET_NOT_FOUND", { field: "walletId" });
      const fee = networkFeeOf(settings, wallet.type, asked.currency);
      if (fee === undefined)
        throw new DomainError("NETWORK_UNSUPPORTED", {
          field: "walletId",
          type: wallet.type,
          currency: asked.currency,
        });
      return { kind: "wallet", wallet, fee };
    }
    const id = asked.bankCardId ?? "";
    const card = await repo.findBoundCard(handle, { userId, id, lock: options.lock });
    if (!card) throw new DomainError("CARD_NOT_FOUND", { field: "bankCardId" });
    if (realname === null || !namesMatch(card.holderName, realname))
      throw new DomainError("CARD_NOT_OWNED", { field: "bankCardId" });
    return { kind: "card", card };
  }

  private async hold(tx: Db, userId: string, asked: Asked, idempotencyKey: string): Promise<Withdrawal> {
    const { destination, settings } = await this.check(tx, userId, asked, { lock: true });
    const { currency, amount } = asked;
    const available = await availableOf(tx, userId, currency);
    refuse(withdrawableRefusal(available, amount));
    const id = randomUUID();
    const at = this.deps.clock.now();
    // The four-eyes lock before the hold's account locks, in the order adjustments take them too.
    const twoReviewers = await needsSecondApproval(tx, {
      scopes: [`user:${userId}`],
      threshold: settings["withdrawal.fourEyesAbove"][currency] ?? null,
      amount,
      earlier: async (since) => [await repo.withdrawnSince(tx, { userId, currency, since })],
      now: at,
    });
    // The whole amount is held, the network fee included: it is taken from the hold when paid out.
    const held = await book(tx, {
      entry: hold("withdrawalHold", userId, currency, amount),
      userId,
      reference: `withdrawal:${id}`,
      idempotencyKey,
      cause: { by: "user" },
      at,
      insufficient: () => new DomainError("INSUFFICIENT_WITHDRAWABLE", { available }),
    });
    const fee = destination.kind === "wallet" ? destination.fee : toBookedString("0", currency);
    await repo.insertWithdrawal(tx, {
      id,
      userId,
      bankCardId: destination.kind === "card" ? destination.card.id : null,
      walletAddressId: destination.kind === "wallet" ? destination.wallet.id : null,
      currency,
      amount,
      fee,
      holdEntryId: held.entryId,
      createdAt: at,
    });
    await openReview(tx, {
      kind: "withdrawal",
      subjectId: id,
      userId,
      approvalsNeeded: twoReviewers ? 2 : 1,
      createdAt: at,
    });
    return {
      id,
      currency: asked.currency as Withdrawal["currency"],
      amount,
      fee,
      receive: toBookedString(money(amount).minus(fee), currency),
      state: "pending",
      reason: null,
      card: destination.kind === "card" ? maskedCard(destination.card) : null,
      wallet: destination.kind === "wallet" ? destination.wallet : null,
      createdAt: at.toISOString(),
      decidedAt: null,
    };
  }

  /** The answer stored under the call's key, if a request with it succeeded (IDEMPOTENCY_CONFLICT if another request used it). */
  private async storedAnswer(call: IdempotentCall): Promise<Withdrawal | undefined> {
    try {
      return await idempotent<Withdrawal>(this.deps.db, this.deps.clock, call, () => {
        throw new NotStored();
      });
    } catch (error) {
      if (error instanceof NotStored) return undefined;
      throw error;
    }
  }
}
