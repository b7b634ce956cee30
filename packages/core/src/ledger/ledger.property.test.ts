import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { money, scaleOf, type Money } from "../money.js";
import {
  LedgerModel,
  accountKey,
  adjustment,
  bookable,
  checkEntry,
  credit,
  exchange,
  hold,
  postHold,
  transfer,
  userAccount,
  voidHold,
  type EntryDraft,
} from "./index.js";

/**
 * Properties of the ledger's pure rules (DESIGN §5, the Formance invariants): random sequences of
 * deposits, holds, posts, voids, exchanges, transfers and adjustments, built with the core builders and
 * booked on the in-memory ledger. After every step: every entry sums to zero per currency, no user balance
 * is below zero, every balance and running balance equals the sum of its postings, and each user's wallet
 * equals an independent count in integer minor units, which also predicts every refusal.
 */

const USERS = ["u1", "u2", "u3"] as const;
const CURRENCIES = ["USD", "INR", "JPY", "BTC"] as const;
type Currency = (typeof CURRENCIES)[number];

/** An amount of `minor` units of the currency's smallest unit, as a decimal string at its scale. */
const decimal = (minor: bigint, currency: string) => {
  const scale = scaleOf(currency);
  const digits = minor.toString().padStart(scale + 1, "0");
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
};

const user = fc.constantFrom(...USERS);
const currency = fc.constantFrom(...CURRENCIES);
/** Mostly small amounts (so balances run out and refusals happen), sometimes large ones. */
const minor = fc.oneof(
  { weight: 4, arbitrary: fc.bigInt({ min: 1n, max: 5_000n }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 10n ** 12n }) },
);

type Op =
  | { kind: "deposit" | "hold" | "post" | "void"; user: string; currency: Currency; minor: bigint }
  | { kind: "adjust"; user: string; currency: Currency; minor: bigint; debit: boolean }
  | { kind: "transfer"; from: string; to: string; currency: Currency; minor: bigint }
  | { kind: "exchange"; user: string; from: Currency; to: Currency; pay: bigint; receive: bigint };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom("deposit", "hold", "post", "void"), user, currency, minor }),
  fc.record({ kind: fc.constant("adjust"), user, currency, minor, debit: fc.boolean() }),
  fc
    .record({ kind: fc.constant("transfer"), from: user, to: user, currency, minor })
    .filter((o) => o.from !== o.to),
  fc
    .record({ kind: fc.constant("exchange"), user, from: currency, to: currency, pay: minor, receive: minor })
    .filter((o) => o.from !== o.to),
);

function entryOf(o: Op): EntryDraft {
  switch (o.kind) {
    case "deposit":
      return credit("deposit", o.user, o.currency, decimal(o.minor, o.currency));
    case "hold":
      return hold("withdrawalHold", o.user, o.currency, decimal(o.minor, o.currency));
    case "post":
      return postHold("withdrawalPayout", o.user, o.currency, decimal(o.minor, o.currency));
    case "void":
      return voidHold("withdrawalRefusal", o.user, o.currency, decimal(o.minor, o.currency));
    case "adjust":
      return adjustment(
        "adjustment",
        o.user,
        o.currency,
        `${o.debit ? "-" : ""}${decimal(o.minor, o.currency)}`,
      );
    case "transfer":
      return transfer(
        "adjustment",
        userAccount(o.from, o.currency),
        userAccount(o.to, o.currency),
        decimal(o.minor, o.currency),
      );
    case "exchange":
      return exchange("exchange", o.user, o.from, decimal(o.pay, o.from), o.to, decimal(o.receive, o.to));
  }
}

/** The independent count: each user's available and held money per currency in minor units. */
class Wallets {
  private readonly units = new Map<string, bigint>();
  get(u: string, c: string, purpose: "available" | "held" = "available") {
    return this.units.get(`${u}:${c}:${purpose}`) ?? 0n;
  }
  private add(u: string, c: string, purpose: "available" | "held", delta: bigint) {
    this.units.set(`${u}:${c}:${purpose}`, this.get(u, c, purpose) + delta);
  }
  /** Applies the operation; answers false (and changes nothing) when it would overdraw a user. */
  apply(o: Op): boolean {
    switch (o.kind) {
      case "deposit":
        this.add(o.user, o.currency, "available", o.minor);
        return true;
      case "hold":
        if (this.get(o.user, o.currency) < o.minor) return false;
        this.add(o.user, o.currency, "available", -o.minor);
        this.add(o.user, o.currency, "held", o.minor);
        return true;
      case "post":
        if (this.get(o.user, o.currency, "held") < o.minor) return false;
        this.add(o.user, o.currency, "held", -o.minor);
        return true;
      case "void":
        if (this.get(o.user, o.currency, "held") < o.minor) return false;
        this.add(o.user, o.currency, "held", -o.minor);
        this.add(o.user, o.currency, "available", o.minor);
        return true;
      case "adjust":
        if (o.debit && this.get(o.user, o.currency) < o.minor) return false;
        this.add(o.user, o.currency, "available", o.debit ? -o.minor : o.minor);
        return true;
      case "transfer":
        if (this.get(o.from, o.currency) < o.minor) return false;
        this.add(o.from, o.currency, "available", -o.minor);
        this.add(o.to, o.currency, "available", o.minor);
        return true;
      case "exchange":
        if (this.get(o.user, o.from) < o.pay) return false;
        this.add(o.user, o.from, "available", -o.pay);
        this.add(o.user, o.to, "available", o.receive);
        return true;
    }
  }
}

const units = (amount: Money, c: string) => BigInt(amount.times(money(10).pow(scaleOf(c))).toFixed());

/**
 * The invariants, checked after every step. The ledger is append-only, so what was checked stays checked:
 * each step checks the entries and postings it added (`checked` remembers how far) and recounts the
 * balances of every account, from the postings' sums the check keeps itself.
 */
class Invariants {
  private entries = 0;
  private postings = 0;
  private readonly sums = new Map<string, Money>();

  check(ledger: LedgerModel, wallets: Wallets): void {
    const problems: string[] = [];
    for (const entry of ledger.entries.slice(this.entries)) {
      const perCurrency = new Map<string, Money>();
      for (const p of entry.postings)
        perCurrency.set(p.account.currency, (perCurrency.get(p.account.currency) ?? money(0)).plus(p.amount));
      for (const [c, sum] of perCurrency) if (!sum.isZero()) problems.push(`entry sums to ${sum} ${c}`);
    }
    for (const p of ledger.postings.slice(this.postings)) {
      const key = accountKey(p.account);
      const running = (this.sums.get(key) ?? money(0)).plus(p.amount);
      this.sums.set(key, running);
      if (!money(p.balanceAfter).equals(running)) problems.push(`running balance of ${key}`);
    }
    this.entries = ledger.entries.length;
    this.postings = ledger.postings.length;
    const perCurrency = new Map<string, Money>();
    for (const { account, balance } of ledger.allAccounts()) {
      const key = accountKey(account);
      if (!balance.equals(this.sums.get(key) ?? money(0))) problems.push(`balance of ${key}`);
      if (account.owner === "user" && balance.isNegative()) problems.push(`${key} below zero`);
      perCurrency.set(account.currency, (perCurrency.get(account.currency) ?? money(0)).plus(balance));
    }
    for (const [c, total] of perCurrency) if (!total.isZero()) problems.push(`${c} sums to ${total}`);
    for (const u of USERS)
      for (const c of CURRENCIES)
        for (const purpose of ["available", "held"] as const)
          if (units(ledger.balance(userAccount(u, c, purpose)), c) !== wallets.get(u, c, purpose))
            problems.push(`${u} ${c} ${purpose} differs from the count`);
    expect(problems).toEqual([]);
  }
}

describe("ledger properties", () => {
  it("keeps every invariant over random sequences, refusing exactly the overdrafts", () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => {
        const ledger = new LedgerModel();
        const wallets = new Wallets();
        const invariants = new Invariants();
        for (const o of ops) {
          const booked = ledger.book(entryOf(o));
          expect(booked !== undefined).toBe(wallets.apply(o));
          invariants.check(ledger, wallets);
        }
      }),
      { numRuns: 2_000 },
    );
  }, 60_000);

  it("books every builder's entry at its currency's scale, rounding half-up, never silently", () => {
    const digits = fc.stringMatching(/^[0-9]{1,12}(\.[0-9]{1,10})?$/);
    fc.assert(
      fc.property(digits, currency, (amount, c) => {
        if (money(amount).toDecimalPlaces(scaleOf(c), 4).isZero()) {
          expect(() => bookable(amount, c)).toThrow();
          return;
        }
        const booked = bookable(amount, c);
        expect(money(booked).decimalPlaces()).toBeLessThanOrEqual(scaleOf(c));
        expect(
          money(booked)
            .minus(amount)
            .abs()
            .lessThanOrEqualTo(money(10).pow(-scaleOf(c)).div(2)),
        ).toBe(true);
        const entry = credit("deposit", "u1", c, amount);
        expect(entry.postings.map((p) => money(p.amount).toFixed())).toEqual([
          money(booked).negated().toFixed(),
          money(booked).toFixed(),
        ]);
        // A hand-made draft with more decimals than the currency allows is refused, not rounded.
        if (!money(amount).equals(booked))
          expect(() =>
            checkEntry({
              type: "deposit",
              postings: [
                { account: userAccount("u1", c), amount },
                { account: userAccount("u2", c), amount: money(amount).negated().toFixed() },
              ],
            }),
          ).toThrow(/decimals/);
      }),
      { numRuns: 2_000 },
    );
  });

  it("refuses entries that do not sum to zero per currency or post one account twice", () => {
    fc.assert(
      fc.property(minor, minor, currency, (a, b, c) => {
        const postings = [
          { account: userAccount("u1", c), amount: decimal(a, c) },
          { account: userAccount("u2", c), amount: `-${decimal(b, c)}` },
        ];
        if (a === b) expect(() => checkEntry({ type: "x", postings })).not.toThrow();
        else expect(() => checkEntry({ type: "x", postings })).toThrow(/sum to/);
        expect(() =>
          checkEntry({
            type: "x",
            postings: [postings[0]!, { account: userAccount("u1", c), amount: `-${decimal(a, c)}` }],
          }),
        ).toThrow(/twice/);
      }),
      { numRuns: 1_000 },
    );
  });
});
