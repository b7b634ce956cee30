import { normaliseName } from "./kyc.js";

/**
 * Bank cards (spec §3 "Bank card: holder name, card number …, bank name, branch name, bank code (IFSC)",
 * §5 "Bank card needs holder name, card number, bank name, branch name, IFSC code"). Every check works on
 * the normalised form, and the normalised form is what gets stored, so the value that was validated is
 * the value that is kept and compared for "card already exists".
 */

/** Shortest and longest number accepted: Indian bank accounts and payment cards both fall in this range. */
export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;

/** Digits shown at each end of a masked card number. */
const CARD_VISIBLE_HEAD = 4;
const CARD_VISIBLE_TAIL = 4;

/**
 * Removes the spaces and dashes people type or paste to group digits ("4111 1111-1111 1111"). NFKC first,
 * so full-width digits from CJK input methods become ASCII digits instead of being refused.
 */
export function normaliseCardNumber(input: string): string {
  return input.normalize("NFKC").replace(/[\s\p{Pd}]/gu, "");
}

/**
 * 12 to 19 ASCII digits after normalising. There is deliberately no Luhn check: the field also holds bank
 * account numbers (withdrawals in India go to an account + IFSC), and account numbers carry no Luhn digit,
 * so a Luhn rule would refuse most real accounts.
 */
export function isCardNumber(input: string): boolean {
  const digits = normaliseCardNumber(input);
  return (
    /^[0-9]+$/.test(digits) &&
    digits.length >= CARD_NUMBER_MIN_DIGITS &&
    digits.length <= CARD_NUMBER_MAX_DIGITS
  );
}

/**
 * A bound card as shown to its owner: first 4 and last 4 digits, one asterisk per hidden digit, e.g.
 * "6222021234567890123" → "6222***********0123".
 *
 * The spec only says "card number (first 4 and last 12 digits)" (§3) and gives no example. Read literally
 * that shows every digit of a 16-digit card (and more digits than a 12-digit account has), so it cannot be
 * a masking rule; it most likely describes `number.slice(0, 4)` and `number.slice(12)` of a 16-digit card,
 * which is first 4 and last 4. We keep 4 + 4 for every length, so at least 4 digits are always hidden.
 *
 * @throws RangeError when the input is not a card number (a stored card always is).
 */
export function maskCardNumber(number: string): string {
  const digits = normaliseCardNumber(number);
  if (!isCardNumber(digits)) throw new RangeError("Not a card number");
  const hidden = digits.length - CARD_VISIBLE_HEAD - CARD_VISIBLE_TAIL;
  return digits.slice(0, CARD_VISIBLE_HEAD) + "*".repeat(hidden) + digits.slice(-CARD_VISIBLE_TAIL);
}

/**
 * Trimmed and upper-cased. Only ASCII letters are upper-cased: `toUpperCase` would turn "ı" into "I" or
 * "ß" into "SS", making a wrong code look valid instead of refusing it.
 */
export function normaliseIfsc(input: string): string {
  return input.trim().replace(/[a-z]/g, (letter) => letter.toUpperCase());
}

/**
 * Indian Financial System Code (RBI): 4 letters for the bank, a "0" reserved for future use, then 6
 * letters or digits for the branch — 11 characters, e.g. "SBIN0000300".
 */
export function isIfsc(input: string): boolean {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(normaliseIfsc(input));
}

/** Full case folding: upper first so "ß" and "SS" meet, then lower so "Σ" and final "ς" meet. */
function foldCase(text: string): string {
  return text.toUpperCase().toLowerCase();
}

/**
 * Whether a card holder name is the verified KYC name (a withdrawal card must be the holder's own, §5).
 * Spelling noise is forgiven — case, width, spacing — but nothing else: "A. Kumar" is not "A Kumar" and
 * there is no fuzzy matching, because a near miss is exactly what a card in someone else's name looks
 * like. Two empty names never match.
 */
export function namesMatch(a: string, b: string): boolean {
  const left = foldCase(normaliseName(a));
  return left.length > 0 && left === foldCase(normaliseName(b));
}
