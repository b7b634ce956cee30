import { z } from "zod";
import { plainText } from "./envelope.js";

/**
 * Bank cards and wallet addresses (spec §3, §5; DESIGN §4.1 "Cards, wallets").
 *
 * The schemas check the shape only: required, length, type. The rules of a card number, an IFSC code, a
 * SWIFT/BIC and an address of each wallet type live in `@brokerage/core` (identity/cards.ts,
 * identity/bankCodes.ts, identity/wallets.ts), which this package does not depend on; the server applies
 * them and answers their own codes (CARD_NUMBER_INVALID, IFSC_INVALID, SWIFT_INVALID,
 * WALLET_ADDRESS_INVALID with `field`), and the app runs the same core functions before it sends a form.
 */

/** Longest holder, bank and branch name accepted. */
export const CARD_TEXT_MAX = 100;

const text = plainText.min(1).max(CARD_TEXT_MAX);
const id = z.string().uuid();

/** An ISO 3166-1 alpha-2 country code, in any case ("in" is India). */
const country = plainText.regex(/^[A-Za-z]{2}$/, "country").describe("ISO 3166-1 alpha-2, e.g. IN, TH");

/**
 * `bank/add`. A card of a bank in `country` (India when left out, as every card bound before countries
 * were asked): in India the IFSC routes the payout, and the bank's name comes from the IFSC dataset (what
 * `bankName` says is replaced by it); elsewhere the SWIFT/BIC of a bank in that country and the bank's
 * name as the user gives it. The card number may hold the spaces and dashes people type; it is stored
 * without them.
 */
export const addBankCardRequest = z.object({
  country: country.default("IN"),
  holderName: text.describe("As on the card; must be the verified real name (else CARD_NOT_OWNED)"),
  cardNumber: plainText
    .min(1)
    .max(64)
    .describe(
      "India: 12 to 19 digits (else CARD_NUMBER_INVALID); an IBAN where the country's banks use them, " +
        "else 6 to 34 letters and digits (else ACCOUNT_NUMBER_INVALID); spaces and dashes are ignored",
    ),
  bankName: text.optional().describe("Needed outside India (else INVALID_INPUT); in India the IFSC names it"),
  branchName: text,
  ifsc: plainText
    .min(1)
    .max(32)
    .optional()
    .describe(
      "India only: 4 letters, 0, then 6 letters or digits (IFSC_INVALID), of a real branch (IFSC_UNKNOWN)",
    ),
  swift: plainText
    .min(1)
    .max(32)
    .optional()
    .describe(
      "Outside India: the bank's BIC, 8 or 11 characters (SWIFT_INVALID), of that country (SWIFT_COUNTRY_MISMATCH)",
    ),
});
export type AddBankCardRequest = z.infer<typeof addBankCardRequest>;

/** A bound card as its owner sees it: the number masked (first 4 and last 4 characters). */
export const bankCard = z.object({
  id,
  country: z.string().describe("ISO 3166-1 alpha-2; IN for every card bound before countries were asked"),
  holderName: z.string(),
  cardNumber: z.string().describe("Masked, e.g. 6222***********0123"),
  bankName: z.string(),
  branchName: z.string(),
  /** The IFSC of an Indian card; null elsewhere. */
  ifsc: z.string().nullable(),
  /** The SWIFT/BIC of a card outside India; null in India. */
  swift: z.string().nullable(),
  createdAt: z.string(),
});
export type BankCard = z.infer<typeof bankCard>;

/** `bank/lookup {country, code}`: an IFSC in India, a SWIFT/BIC elsewhere. */
export const bankLookupRequest = z.object({
  country,
  code: plainText.min(1).max(32),
});
export type BankLookupRequest = z.infer<typeof bankLookupRequest>;

/**
 * What a bank code resolves to, from the datasets bundled with the server (nothing is fetched at run
 * time). An IFSC: whether it exists (IFSC_UNKNOWN when it does not) and its bank, from Razorpay's `ifsc`
 * package (the RBI's lists), which bundles every IFSC and each bank's name but no branch details, so
 * `branchName` is null and the user types the branch. A SWIFT/BIC: its format and country are checked
 * (ISO 9362); no directory of BICs is bundled (SWIFT licenses it), so both names are null.
 */
export const bankLookupResponse = z.object({
  country: z.string(),
  scheme: z.enum(["IFSC", "SWIFT"]),
  /** The code as it would be stored (trimmed, upper case). */
  code: z.string(),
  bankName: z.string().nullable(),
  branchName: z.string().nullable(),
});
export type BankLookupResponse = z.infer<typeof bankLookupResponse>;

/** `bank/list`: the user's bound cards, newest first (at most BANK_CARDS_MAX, so never paged). */
export const bankCardList = z.object({ items: z.array(bankCard) });
export type BankCardList = z.infer<typeof bankCardList>;

/** `bank/remove`, `wallet/remove`: one of the user's own; anyone else's answers NOT_FOUND. */
export const removeByIdRequest = z.object({ id });
export type RemoveByIdRequest = z.infer<typeof removeByIdRequest>;

/** `wallet/add`. */
export const addWalletRequest = z.object({
  type: plainText.min(1).max(32).describe("USDT-TRC20, USDT-ERC20 or BTC"),
  address: plainText
    .min(1)
    .max(128)
    .describe("An address of that type with a valid checksum (else WALLET_ADDRESS_INVALID)"),
});
export type AddWalletRequest = z.infer<typeof addWalletRequest>;

export const walletAddress = z.object({
  id,
  type: z.string(),
  address: z.string(),
  createdAt: z.string(),
});
export type WalletAddress = z.infer<typeof walletAddress>;

/** `wallet/list`: the user's addresses, newest first (at most WALLET_ADDRESSES_MAX, so never paged). */
export const walletAddressList = z.object({ items: z.array(walletAddress) });
export type WalletAddressList = z.infer<typeof walletAddressList>;
