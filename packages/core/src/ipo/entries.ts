import { hold, voidHold, type EntryDraft } from "../ledger/index.js";

/**
 * The ledger entries of new shares (DESIGN §5 Ledger, §5a "Primary market"; packages/api ipo.ts). A
 * subscription blocks its amount at once (`ipoPayment`, available → held, as India's ASBA blocks it: SEBI
 * Master Circular for Issue of Capital and Disclosure Requirements, 2024-11-11, which consolidates the ASBA
 * circulars: application money blocked until allotment, then debited for what is allotted and unblocked
 * for the rest); the hold is voided back to available (`ipoRefund`) for a loss, the unallotted part of a
 * win, a waiver, a lapse or a cancellation, and what is left of it becomes the position's margin at the
 * listing (trading's `fillEntries`).
 */
export type IpoEntryType = "ipoPayment" | "ipoRefund";

/** A subscription blocks what it may cost: `amount` from available to held. */
export const ipoPaymentEntry = (userId: string, currency: string, amount: string): EntryDraft<IpoEntryType> =>
  hold("ipoPayment", userId, currency, amount);

/** Blocked money the subscription no longer needs goes back from held to available. */
export const ipoRefundEntry = (userId: string, currency: string, amount: string): EntryDraft<IpoEntryType> =>
  voidHold("ipoRefund", userId, currency, amount);
