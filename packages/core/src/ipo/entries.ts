import { hold, voidHold, type EntryDraft } from "../ledger/index.js";

/**
 * The ledger entries of new shares (DESIGN §5 Ledger; packages/api ipo.ts). A subscription holds nothing;
 * a winner's payment is a hold (available → held) until the listing turns it into the position's margin
 * (trading's `fillEntries`), or a cancellation voids it (held → available).
 */
export type IpoEntryType = "ipoPayment" | "ipoRefund";

/** A winner pays for the allotment: `amount` from available to held. */
export const ipoPaymentEntry = (userId: string, currency: string, amount: string): EntryDraft<IpoEntryType> =>
  hold("ipoPayment", userId, currency, amount);

/** The offering was cancelled: what was paid goes back from held to available. */
export const ipoRefundEntry = (userId: string, currency: string, amount: string): EntryDraft<IpoEntryType> =>
  voidHold("ipoRefund", userId, currency, amount);
