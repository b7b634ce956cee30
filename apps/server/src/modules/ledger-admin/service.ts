import { randomUUID } from "node:crypto";
import {
  ADMIN_PAGE_SIZE,
  RECENT_ADJUSTMENTS,
  type AdjustBalanceRequest,
  type AdjustBalanceResponse,
  type EntryType,
  type UserLedger,
  type UserLedgerRequest,
} from "@brokerage/api";
import { accountKey, money, toBookedString, userAccount } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { BIGINT_SEQ_MAX, seqCursor } from "../../lib/cursor.js";
import { DomainError } from "../../lib/errors.js";
import { recordStaffAction, userTarget } from "../audit/index.js";
import { amountAtScale, book, idempotent, userWallets } from "../ledger/index.js";
import type { MessageService } from "../messages/index.js";
import { needsSecondApproval, openReview } from "../reviews/index.js";
import { getSetting } from "../settings/index.js";
import type { StaffAuth } from "../staff/index.js";
import { adjustedMessage, adjustmentBooking, toBalanceAdjustment } from "./adjustments.js";
import * as repo from "./repository.js";

/** Audit actions of adjustments (a four-eyes one's approval is the queue's `review.approve`). */
export const LEDGER_AUDIT = {
  /** Booked at once (at or below `adjustment.fourEyesAbove`). */
  adjust: "user.adjust",
  /** Waiting for a second administrator (above it). */
  adjustRequested: "user.adjustRequested",
} as const;

/** Keyset of the user's postings by posting id (a bigint identity), newest first. */
const cursor = seqCursor("ledger", BIGINT_SEQ_MAX);

interface Deps {
  db: Db;
  clock: Clock;
  messages: MessageService;
}

/**
 * A user's ledger for the back office and the one way staff change a balance (DESIGN §1 Honest money):
 * a journal entry of type `adjustment` with a reason the user reads, four-eyes above a configured amount.
 */
export class LedgerAdminService {
  constructor(private readonly deps: Deps) {}

  /** The wallets, the latest adjustments and a page of postings, newest first. Reads are not audited. */
  async ledger(request: UserLedgerRequest): Promise<UserLedger> {
    const { db } = this.deps;
    const beforeId = request.cursor === undefined ? undefined : cursor.decode(request.cursor);
    const user = await repo.findUser(db, request.userId);
    if (!user) throw new DomainError("NOT_FOUND");
    const [wallets, rows, recent, thresholds] = await Promise.all([
      userWallets(db, user.id),
      repo.postingsPage(db, {
        userId: user.id,
        currency: request.currency,
        beforeId,
        limit: ADMIN_PAGE_SIZE + 1,
      }),
      repo.recentAdjustments(db, user.id, RECENT_ADJUSTMENTS),
      getSetting(db, "adjustment.fourEyesAbove"),
    ]);
    const page = rows.slice(0, ADMIN_PAGE_SIZE);
    const last = page.at(-1);
    const atScale = (value: string, currency: string) => toBookedString(value, currency);
    return {
      wallets: wallets.map((w) => ({
        currency: w.currency,
        available: atScale(w.available, w.currency),
        held: atScale(w.held, w.currency),
        margin: atScale(w.margin, w.currency),
        loan: atScale(w.loan, w.currency),
      })),
      items: page.map((p) => ({
        id: String(p.id),
        entryId: String(p.entryId),
        createdAt: p.createdAt.toISOString(),
        entryType: p.entryType as EntryType,
        purpose: p.purpose as UserLedger["items"][number]["purpose"],
        currency: p.currency,
        amount: atScale(p.amount, p.currency),
        balanceAfter: atScale(p.balanceAfter, p.currency),
        reason: p.reason,
        reference: p.reference,
        causedBy: p.causedBy as "user" | "staff" | "system",
        staffAccount: p.staffAccount,
      })),
      nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? cursor.encode(last.id) : null,
      adjustments: recent.map(toBalanceAdjustment),
      adjustFourEyesAbove: thresholds,
    };
  }

  /**
   * One transaction under the request's idempotency key (owner `staff:<id>`): while the user's
   * adjustments of the last day in the currency, and the requesting staff member's, stay at or below
   * `adjustment.fourEyesAbove` with this one, the entry is booked (refused with INSUFFICIENT_BALANCE below
   * zero) and the user messaged; the one that takes either sum above it waits in the review queue for
   * another administrator. Either way one `adjustments` row and one audit row.
   */
  async adjust(staff: StaffAuth, request: AdjustBalanceRequest): Promise<AdjustBalanceResponse> {
    const { db, clock, messages } = this.deps;
    const { userId, currency, reason, idempotencyKey } = request;
    const amount = amountAtScale(request.amount, currency);
    const call = {
      owner: `staff:${staff.id}`,
      key: idempotencyKey,
      request: { userId, currency, amount, reason },
    };
    return idempotent(db, clock, call, async (tx) => {
      const user = await repo.findUser(tx, userId);
      if (!user) throw new DomainError("NOT_FOUND");
      const at = clock.now();
      const id = randomUUID();
      const thresholds = await getSetting(tx, "adjustment.fourEyesAbove");
      const base = { id, userId, currency, amount, reason, requestedBy: staff.id, createdAt: at };
      const details = { adjustmentId: id, account: user.account, currency, amount, idempotencyKey };

      // A currency without a threshold always waits (an unconfigured currency is not a blank cheque).
      const threshold = thresholds[currency] ?? "0";
      const secondApproval = await needsSecondApproval(tx, {
        scopes: [`user:${userId}`, `staff:${staff.id}`],
        threshold,
        amount,
        earlier: (since) => repo.adjustedSince(tx, { userId, staffId: staff.id, currency, since }),
        now: at,
      });
      if (!secondApproval) {
        const booked = await book(tx, adjustmentBooking({ ...base, idempotencyKey, at }));
        await repo.insertAdjustment(tx, {
          ...base,
          state: "approved",
          entryId: booked.entryId,
          decidedAt: at,
        });
        await messages.send(tx, adjustedMessage(base));
        await recordStaffAction(tx, staff, {
          action: LEDGER_AUDIT.adjust,
          target: userTarget(userId),
          reason,
          details: { ...details, entryId: booked.entryId },
          at,
        });
        const available = booked.balances.get(accountKey(userAccount(userId, currency))) ?? "0";
        return this.answer(tx, id, toBookedString(available, currency));
      }

      // Refused now rather than at approval when the balance already cannot cover it (approval checks again).
      if (money(amount).isNegative()) {
        const available = await repo.availableBalance(tx, userId, currency);
        if (money(available).plus(amount).isNegative()) throw new DomainError("INSUFFICIENT_BALANCE");
      }
      await repo.insertAdjustment(tx, { ...base, state: "pending" });
      const reviewId = await openReview(tx, { kind: "adjustment", subjectId: id, userId, createdAt: at });
      await recordStaffAction(tx, staff, {
        action: LEDGER_AUDIT.adjustRequested,
        target: userTarget(userId),
        reason,
        details: { ...details, reviewId, fourEyesAbove: thresholds[currency] ?? null },
        at,
      });
      return this.answer(tx, id, null);
    });
  }

  private async answer(tx: Db, id: string, available: string | null): Promise<AdjustBalanceResponse> {
    const [row] = await repo.findAdjustments(tx, [id]);
    if (!row) throw new Error(`adjustment ${id} not found after it was written`);
    return { ...toBalanceAdjustment(row), available };
  }
}
