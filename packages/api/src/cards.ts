import { z } from "zod";
import { plainText } from "./envelope.js";

/**
 * Bank cards and wallet addresses (spec §3, §5; DESIGN §4.1 "Cards, wallets").
 *
 * The schemas check the shape only: required, length, type. The rules of a card number, an IFSC code and
 * an address of each wallet type live in `@brokerage/core` (identity/cards.ts, identity/wallets.ts),
 * which this package does not depend on; the server applies them and answers their own codes
 * (CARD_NUMBER_INVALID, IFSC_INVALID, WALLET_ADDRESS_INVALID with `field`), and the app runs the same
 * core functions before it sends a form.
 */

/** Longest holder, bank and branch name accepted. */
export const CARD_TEXT_MAX = 100;

const text = plainText.min(1).max(CARD_TEXT_MAX);
const id = z.string().uuid();

/** `bank/add`. The card number may hold the spaces and dashes people type; it is stored without them. */
export const addBankCardRequest = z.object({
  holderName: text.describe("As on the card; must be the verified real name (else CARD_NOT_OWNED)"),
  cardNumber: plainText
    .min(1)
    .max(64)
    .describe("12 to 19 digits; spaces and dashes are ignored (else CARD_NUMBER_INVALID)"),
  bankName: text,
  branchName: text,
  ifsc: plainText
    .min(1)
    .max(32)
    .describe("4 letters, 0, then 6 letters or digits, in any case (else IFSC_INVALID)"),
});
export type AddBankCardRequest = z.infer<typeof addBankCardRequest>;

/** A bound card as its owner sees it: the number masked (first 4 and last 4 digits). */
export const bankCard = z.object({
  id,
  holderName: z.string(),
  cardNumber: z.string().describe("Masked, e.g. 6222***********0123"),
  bankName: z.string(),
  branchName: z.string(),
  ifsc: z.string(),
  createdAt: z.string(),
});
export type BankCard = z.infer<typeof bankCard>;

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
