import {
  BANK_CARDS_MAX,
  type AddBankCardRequest,
  type BankCard,
  type BankLookupRequest,
  type BankLookupResponse,
} from "@brokerage/api";
import {
  IFSC_COUNTRY,
  bankCodeSchemeOf,
  isAccountNumber,
  isBankCountry,
  isIfsc,
  maskAccountNumber,
  namesMatch,
  normaliseAccountNumber,
  normaliseCountry,
  normaliseIfsc,
  normaliseName,
  normaliseSwift,
  swiftProblem,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { DomainError } from "../../lib/errors.js";
import { ifscBankName, ifscExists } from "./ifsc.js";
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
    country: row.country,
    holderName: row.holderName,
    cardNumber: maskAccountNumber(row.cardNumber),
    bankName: row.bankName,
    branchName: row.branchName,
    ifsc: row.ifsc,
    swift: row.swift,
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

/** The country of a request, checked (INVALID_INPUT on `country` when it is not an ISO 3166 code). */
function countryOf(input: string): string {
  const country = normaliseCountry(input);
  if (!isBankCountry(country)) throw new DomainError("INVALID_INPUT", { field: "country" });
  return country;
}

/**
 * What a bank code of `country` resolves to: an IFSC must have the RBI's shape (IFSC_INVALID) and exist
 * in the dataset (IFSC_UNKNOWN), and names its bank; a SWIFT/BIC must have ISO 9362's shape
 * (SWIFT_INVALID) and the country's code (SWIFT_COUNTRY_MISMATCH {codeCountry}), and names nothing.
 */
export function resolveBankCode(country: string, input: string, field: string): BankLookupResponse {
  const scheme = bankCodeSchemeOf(country);
  if (scheme === "IFSC") {
    const code = normaliseIfsc(input);
    if (!isIfsc(code)) throw new DomainError("IFSC_INVALID", { field });
    if (!ifscExists(code)) throw new DomainError("IFSC_UNKNOWN", { field });
    return { country, scheme, code, bankName: ifscBankName(code), branchName: null };
  }
  const code = normaliseSwift(input);
  const problem = swiftProblem(code, country);
  if (problem?.code === "SWIFT_COUNTRY_MISMATCH")
    throw new DomainError(problem.code, { field, codeCountry: problem.codeCountry });
  if (problem) throw new DomainError(problem.code, { field });
  return { country, scheme, code, bankName: null, branchName: null };
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

  /** `bank/lookup`: no database, only the bundled datasets. */
  lookup(input: BankLookupRequest): BankLookupResponse {
    return resolveBankCode(countryOf(input.country), input.code, "code");
  }

  async add(userId: string, input: AddBankCardRequest): Promise<BankCard> {
    const { db, clock } = this.deps;
    const country = countryOf(input.country);
    const india = country === IFSC_COUNTRY;
    if (!isAccountNumber(country, input.cardNumber))
      throw new DomainError(india ? "CARD_NUMBER_INVALID" : "ACCOUNT_NUMBER_INVALID", {
        field: "cardNumber",
      });
    // The code of the country's scheme, and none of the other (an IFSC sent for a Thai bank is a mistake).
    const [field, other] = india ? (["ifsc", "swift"] as const) : (["swift", "ifsc"] as const);
    if (input[other] !== undefined) throw new DomainError("INVALID_INPUT", { field: other });
    const given = input[field];
    if (given === undefined) throw new DomainError("INVALID_INPUT", { field });
    const resolved = resolveBankCode(country, given, field);
    // An Indian bank is named by its IFSC; elsewhere the user names it.
    const bankName = resolved.bankName ?? input.bankName;
    if (bankName === undefined) throw new DomainError("INVALID_INPUT", { field: "bankName" });
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
          country,
          holderName: normaliseName(input.holderName),
          cardNumber: normaliseAccountNumber(input.cardNumber),
          bankName,
          branchName: input.branchName,
          ifsc: india ? resolved.code : null,
          swift: india ? null : resolved.code,
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
