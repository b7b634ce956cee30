import { money, scaleOf, toBookedString, type Money } from "../money.js";

/**
 * The pure rules of the double-entry ledger (DESIGN §5 Ledger). An entry is a set of postings, each a
 * signed amount on one account; the postings of an entry sum to zero per currency. Users' accounts are
 * (user, currency, purpose); the platform's are (purpose, currency) and may go negative. Holds are
 * two-phase, as TigerBeetle's pending transfers: `hold` moves available → held, and the hold is later
 * either posted (held → platform) or voided (held → available). Nothing is ever edited.
 */

/** What a user's money is doing: free to use, held for a pending operation, margin of open positions, owed. */
export const USER_PURPOSES = ["available", "held", "margin", "loan"] as const;
export type UserPurpose = (typeof USER_PURPOSES)[number];

/** The platform's side of every movement; these accounts may go negative (cash in is money owed to users). */
export const PLATFORM_PURPOSES = [
  "cash_in",
  "cash_out",
  "fees",
  "taxes",
  "fx",
  "pnl",
  "loans",
  "rebates",
  "adjustments",
  /** Negative balance protection: what the platform pays in for a loss beyond a position's margin. */
  "protection",
  /** What the platform gives away in promotions (check-in rewards), never tied to trading or deposits. */
  "promotions",
] as const;
export type PlatformPurpose = (typeof PLATFORM_PURPOSES)[number];

export type AccountRef =
  | { owner: "user"; userId: string; purpose: UserPurpose; currency: string }
  | { owner: "platform"; purpose: PlatformPurpose; currency: string };

export interface PostingDraft {
  account: AccountRef;
  /** Signed decimal string: positive adds to the account's balance, negative takes from it. */
  amount: string;
}

export interface EntryDraft<Type extends string = string> {
  type: Type;
  postings: PostingDraft[];
}

export class LedgerRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LedgerRuleError";
  }
}

export const userAccount = (
  userId: string,
  currency: string,
  purpose: UserPurpose = "available",
): AccountRef => ({
  owner: "user",
  userId,
  purpose,
  currency,
});

export const platformAccount = (purpose: PlatformPurpose, currency: string): AccountRef => ({
  owner: "platform",
  purpose,
  currency,
});

/** A stable text key of an account (for maps and for sorting in tests). */
export function accountKey(account: AccountRef): string {
  return account.owner === "user"
    ? `user:${account.userId}:${account.currency}:${account.purpose}`
    : `platform:${account.currency}:${account.purpose}`;
}

/**
 * Checks an entry before it is booked and returns its postings with amounts rounded-checked: every
 * amount non-zero and already at its currency's scale (a booking never rounds silently), each posting in
 * its account's currency, the entry summing to zero per currency, no account twice.
 */
export function checkEntry<Type extends string>(entry: EntryDraft<Type>): EntryDraft<Type> {
  if (entry.postings.length < 2) throw new LedgerRuleError("an entry needs at least two postings");
  const sums = new Map<string, Money>();
  const seen = new Set<string>();
  for (const posting of entry.postings) {
    const { currency } = posting.account;
    const amount = money(posting.amount);
    if (!amount.isFinite() || amount.isZero()) throw new LedgerRuleError(`posting of ${posting.amount}`);
    if (amount.decimalPlaces() > scaleOf(currency))
      throw new LedgerRuleError(`${posting.amount} has more decimals than ${currency} allows`);
    const key = accountKey(posting.account);
    if (seen.has(key)) throw new LedgerRuleError(`account ${key} posted twice in one entry`);
    seen.add(key);
    sums.set(currency, (sums.get(currency) ?? money(0)).plus(amount));
  }
  for (const [currency, sum] of sums)
    if (!sum.isZero()) throw new LedgerRuleError(`postings in ${currency} sum to ${sum.toFixed()}, not 0`);
  return entry;
}

/** Rounds a positive amount to its currency's booking scale; refuses zero and negatives. */
export function bookable(amount: Money | string, currency: string): string {
  const booked = toBookedString(amount, currency);
  if (!money(booked).greaterThan(0))
    throw new LedgerRuleError(`amount ${booked} ${currency} is not positive`);
  return booked;
}

const neg = (amount: string) => money(amount).negated().toFixed();

/** `amount` from one account to another in one currency. */
export function transfer<Type extends string>(
  type: Type,
  from: AccountRef,
  to: AccountRef,
  amount: string,
): EntryDraft<Type> {
  if (from.currency !== to.currency) throw new LedgerRuleError("a transfer stays in one currency");
  const booked = bookable(amount, from.currency);
  return checkEntry({
    type,
    postings: [
      { account: from, amount: neg(booked) },
      { account: to, amount: booked },
    ],
  });
}

/** Money coming in from outside (a deposit): the platform's cash-in account goes negative by as much. */
export const credit = <Type extends string>(type: Type, userId: string, currency: string, amount: string) =>
  transfer(type, platformAccount("cash_in", currency), userAccount(userId, currency), amount);

/** Phase one of a two-phase movement: available → held. */
export const hold = <Type extends string>(type: Type, userId: string, currency: string, amount: string) =>
  transfer(type, userAccount(userId, currency), userAccount(userId, currency, "held"), amount);

/** Phase two, posted: held → a platform account (cash out for a withdrawal). */
export const postHold = <Type extends string>(
  type: Type,
  userId: string,
  currency: string,
  amount: string,
  to: PlatformPurpose = "cash_out",
) => transfer(type, userAccount(userId, currency, "held"), platformAccount(to, currency), amount);

/** Phase two, voided: held → available, the money back where it was. */
export const voidHold = <Type extends string>(type: Type, userId: string, currency: string, amount: string) =>
  transfer(type, userAccount(userId, currency, "held"), userAccount(userId, currency), amount);

/**
 * A currency exchange: the user's `from` wallet pays `pay`, the platform's FX account takes it and pays
 * `receive` into the user's `to` wallet (one entry, zero per currency; the spread and fee stay with FX).
 */
export function exchange<Type extends string>(
  type: Type,
  userId: string,
  from: string,
  pay: string,
  to: string,
  receive: string,
): EntryDraft<Type> {
  if (from === to) throw new LedgerRuleError("an exchange needs two different currencies");
  const paid = bookable(pay, from);
  const received = bookable(receive, to);
  return checkEntry({
    type,
    postings: [
      { account: userAccount(userId, from), amount: neg(paid) },
      { account: platformAccount("fx", from), amount: paid },
      { account: platformAccount("fx", to), amount: neg(received) },
      { account: userAccount(userId, to), amount: received },
    ],
  });
}

/**
 * A back-office adjustment: positive credits the user from the platform's adjustment account, negative
 * debits the user back to it (refused by the database if it would take the balance below zero).
 */
export function adjustment<Type extends string>(
  type: Type,
  userId: string,
  currency: string,
  signed: string,
) {
  const amount = money(signed);
  const user = userAccount(userId, currency);
  const platform = platformAccount("adjustments", currency);
  const booked = bookable(amount.abs(), currency);
  return amount.isNegative()
    ? transfer(type, user, platform, booked)
    : transfer(type, platform, user, booked);
}

/** The sum of a list of signed amounts (e.g. an account's postings), exactly. */
export function sumAmounts(amounts: Iterable<string>): Money {
  let total = money(0);
  for (const amount of amounts) total = total.plus(amount);
  return total;
}

export { LedgerModel, type ModelPosting } from "./model.js";
