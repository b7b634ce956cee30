import { USER_FLAGS } from "@brokerage/api";
import { maskAccountNumber, money, postHold, toBookedString, voidHold } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { bookMany, userWallets, type Wallet } from "../ledger/index.js";
import type { Decider, ReviewHandler, ReviewRef } from "../reviews/index.js";
import * as repo from "./repository.js";

interface Totals {
  n: number;
  total: string;
}
type TotalsByKey = Map<string, Totals>;
const keyOf = (userId: string, currency: string, state: string) => `${userId}:${currency}:${state}`;

function byKey(rows: readonly (Totals & { userId: string; currency: string; state: string })[]): TotalsByKey {
  return new Map(rows.map((r) => [keyOf(r.userId, r.currency, r.state), { n: r.n, total: r.total }]));
}

/** "3 · 1200.00 USD": count and sum in `currency`, less `leaveOut` (the request under review) if given. */
function historyText(
  totals: TotalsByKey,
  at: { userId: string; currency: string; state: string },
  leaveOut?: string,
): string {
  const found = totals.get(keyOf(at.userId, at.currency, at.state)) ?? { n: 0, total: "0" };
  const n = found.n - (leaveOut === undefined ? 0 : 1);
  const total = money(found.total).minus(leaveOut ?? "0");
  return `${n} · ${toBookedString(total, at.currency)} ${at.currency}`;
}

const flagsText = (user: repo.ReviewRow["user"]) =>
  USER_FLAGS.filter((flag) => user[flag]).join(", ") || "none";

function subjectOf(
  row: repo.ReviewRow,
  wallets: Wallet[],
  withdrawals: TotalsByKey,
  deposits: TotalsByKey,
): Record<string, string | null> {
  const balances = wallets.find((w) => w.currency === row.currency);
  const inCurrency = (value: string | undefined) =>
    `${toBookedString(value ?? "0", row.currency)} ${row.currency}`;
  // The user's other withdrawals in this state: this one is left out once it is decided too.
  const earlier = (state: string, totals: TotalsByKey) =>
    historyText(totals, { ...row, state }, row.state === state ? row.amount : undefined);
  const { card, wallet } = row;
  const fee = toBookedString(row.fee, row.currency);
  return {
    withdrawalId: row.id,
    amount: toBookedString(row.amount, row.currency),
    currency: row.currency,
    // A payout to an address: the network, the address in full (what the payout is sent to), the fee
    // taken from the amount and what arrives; to a card, the card (cardId is what users/reveal needs to
    // show the number in full). Only the destination's own fields: none of the other kind's.
    ...(wallet
      ? {
          walletNetwork: wallet.type,
          walletAddress: wallet.address,
          networkFee: fee,
          receive: toBookedString(money(row.amount).minus(fee), row.currency),
          walletRemovedAt: wallet.removedAt?.toISOString() ?? null,
        }
      : {}),
    ...(card
      ? {
          cardNumber: maskAccountNumber(card.cardNumber),
          cardId: card.id,
          cardHolder: card.holderName,
          cardBank: card.bankName,
          cardBranch: card.branchName,
          cardCountry: card.country,
          ...(card.ifsc === null ? { cardSwift: card.swift } : { cardIfsc: card.ifsc }),
          cardRemovedAt: card.removedAt?.toISOString() ?? null,
        }
      : {}),
    createdAt: row.createdAt.toISOString(),
    realName: row.user.realname,
    kycStatus: row.user.kycStatus,
    creditScore: String(row.user.creditScore),
    flags: flagsText(row.user),
    available: inCurrency(balances?.available),
    held: inCurrency(balances?.held),
    withdrawalsApproved: earlier("approved", withdrawals),
    withdrawalsRejected: earlier("rejected", withdrawals),
    depositsApproved: historyText(deposits, { ...row, state: "approved" }),
  };
}

/**
 * What withdrawals contribute to the review queue (DESIGN §5 Reviews). Beside each request the reviewer
 * sees the card or the address (and network) it pays to and the user's standing and history; approving
 * posts the held amount out to the platform's cash-out account (less a network fee, posted to its fees
 * account), rejecting voids the hold back to available with the reviewer's reason on the entry (fund
 * flow "withdrawal refusal"), so the fund records show why.
 */
export function withdrawalReviewHandler(deps: { clock: Clock }): ReviewHandler {
  const settle = async (
    tx: Db,
    review: ReviewRef,
    decider: Decider,
    decision: "approved" | "rejected",
    reason: string | null,
  ) => {
    const at = deps.clock.now();
    const row = await repo.decide(tx, {
      id: review.subjectId,
      userId: review.userId,
      state: decision,
      reason,
      at,
    });
    if (!row) throw new DomainError("ORDER_STATE_INVALID");
    const { userId, currency } = row;
    const amount = toBookedString(row.amount, currency);
    const fee = money(row.fee);
    // Approved: the held amount goes out, less a network fee, which goes to the platform's fees as an
    // entry of its own (so fund records show it); refused: the whole hold comes back.
    const entries =
      decision === "rejected"
        ? [voidHold("withdrawalRefusal", userId, currency, amount)]
        : fee.isZero()
          ? [postHold("withdrawalPayout", userId, currency, amount)]
          : [
              postHold(
                "withdrawalPayout",
                userId,
                currency,
                toBookedString(money(amount).minus(fee), currency),
              ),
              postHold("withdrawalFee", userId, currency, toBookedString(fee, currency), "fees"),
            ];
    const [settled] = await bookMany(tx, entries, {
      userId,
      reference: `withdrawal:${row.id}`,
      cause: { by: "staff", staffId: decider.id },
      ...(reason !== null && { reason }),
      at,
    });
    if (!settled) throw new Error("a decided withdrawal booked nothing");
    await repo.setSettleEntry(tx, { id: row.id, entryId: settled.entryId });
  };

  return {
    kind: "withdrawal",
    messages: { approved: "withdrawalApproved", rejected: "withdrawalRejected" },
    async subjects(db, subjectIds) {
      const rows = await repo.findForReview(db, subjectIds);
      const userIds = [...new Set(rows.map((r) => r.userId))];
      const [withdrawals, deposits, wallets] = await Promise.all([
        repo.withdrawalHistory(db, userIds).then(byKey),
        repo.depositHistory(db, userIds).then(byKey),
        Promise.all(userIds.map(async (id) => [id, await userWallets(db, id)] as const)).then(
          (entries) => new Map(entries),
        ),
      ]);
      return new Map(
        rows.map((row) => [row.id, subjectOf(row, wallets.get(row.userId) ?? [], withdrawals, deposits)]),
      );
    },
    // The message names the amount: "Your withdrawal of 300.00 USD …".
    async messageParams(tx, review): Promise<Record<string, string>> {
      const row = await repo.findAmount(tx, { id: review.subjectId, userId: review.userId });
      return row ? { amount: toBookedString(row.amount, row.currency), currency: row.currency } : {};
    },
    approve: (tx, review, decider) => settle(tx, review, decider, "approved", null),
    reject: (tx, review, decider, reason) => settle(tx, review, decider, "rejected", reason),
  };
}
