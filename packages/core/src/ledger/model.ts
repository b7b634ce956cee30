import { money, type Money } from "../money.js";
import { accountKey, checkEntry, type AccountRef, type EntryDraft } from "./index.js";

/** One booked posting of the model, in booking order, with its account's balance just after it. */
export interface ModelPosting {
  entry: number;
  account: AccountRef;
  amount: string;
  balanceAfter: string;
}

/**
 * The ledger's rules in memory (DESIGN §5 Ledger), exactly as the database applies them: an entry is
 * checked (`checkEntry`), refused whole when any user account would go below zero (platform accounts may
 * go negative), and otherwise every balance moves and every posting is kept with its running balance.
 * Nothing is edited. Property tests drive it beside the real ledger and compare.
 */
export class LedgerModel {
  private readonly balances = new Map<string, Money>();
  private readonly accounts = new Map<string, AccountRef>();
  readonly entries: EntryDraft[] = [];
  readonly postings: ModelPosting[] = [];

  /** Whether the entry can be booked now: every user account stays at zero or above. */
  allows(entry: EntryDraft): boolean {
    checkEntry(entry);
    return entry.postings.every(
      (p) => p.account.owner === "platform" || this.balance(p.account).plus(p.amount).greaterThanOrEqualTo(0),
    );
  }

  /** Books the entry and answers its number, or answers undefined and changes nothing when refused. */
  book(entry: EntryDraft): number | undefined {
    if (!this.allows(entry)) return undefined;
    const number = this.entries.length;
    this.entries.push(entry);
    for (const p of entry.postings) {
      const key = accountKey(p.account);
      const after = this.balance(p.account).plus(p.amount);
      this.balances.set(key, after);
      this.accounts.set(key, p.account);
      this.postings.push({
        entry: number,
        account: p.account,
        amount: p.amount,
        balanceAfter: after.toFixed(),
      });
    }
    return number;
  }

  balance(account: AccountRef): Money {
    return this.balances.get(accountKey(account)) ?? money(0);
  }

  /** Every account that has been posted to, with its balance. */
  allAccounts(): { account: AccountRef; balance: Money }[] {
    return [...this.accounts].map(([key, account]) => ({
      account,
      balance: this.balances.get(key) ?? money(0),
    }));
  }
}
