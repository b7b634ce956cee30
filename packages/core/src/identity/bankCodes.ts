import { countrySpecs, extractBIC, isValidBIC, isValidIBAN } from "ibantools";
import { isCardNumber, isIfsc, normaliseCardNumber, normaliseIfsc } from "./cards.js";

/**
 * Bank accounts per country (DESIGN §4.1 "Payouts"): the bank code that routes a payout there and the
 * account number's shape. India routes by IFSC (the RBI's 11-character branch code, cards.ts); everywhere
 * else a payout travels by SWIFT, and the bank is named by its BIC (ISO 9362). Formats, the list of
 * countries and IBAN checks come from ibantools (pure JavaScript, no `node:*`, so the app runs the same
 * checks before it sends a form).
 */

/** The country whose accounts are routed by IFSC; every other country's by SWIFT/BIC. */
export const IFSC_COUNTRY = "IN";

/** What routes a payout to a bank in `country`. */
export type BankCodeScheme = "IFSC" | "SWIFT";

export const bankCodeSchemeOf = (country: string): BankCodeScheme =>
  country === IFSC_COUNTRY ? "IFSC" : "SWIFT";

/**
 * Trimmed and upper-cased (ASCII letters only, as normaliseIfsc), so "in" and "IN" are one country.
 */
export function normaliseCountry(input: string): string {
  return input.trim().replace(/[a-z]/g, (letter) => letter.toUpperCase());
}

/** An ISO 3166-1 alpha-2 code (the list ibantools keeps for IBAN and BIC checks). */
export function isBankCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && Object.hasOwn(countrySpecs, code);
}

/** Every country a bank account may be in, as ISO 3166-1 alpha-2 codes, in code order. */
export const BANK_COUNTRIES: readonly string[] = Object.keys(countrySpecs)
  .filter((code) => /^[A-Z]{2}$/.test(code))
  .sort();

/** Without the spaces people type to group a BIC ("DEUT DE FF 500"), upper-cased. */
export function normaliseSwift(input: string): string {
  return input.replace(/\s/g, "").replace(/[a-z]/g, (letter) => letter.toUpperCase());
}

export type SwiftProblem =
  { code: "SWIFT_INVALID" } | { code: "SWIFT_COUNTRY_MISMATCH"; codeCountry: string };

/**
 * What is wrong with a BIC for an account in `country`, or null when nothing is. ISO 9362: 4 characters
 * for the institution, the 2-letter ISO 3166 country, 2 for the location, optionally 3 for the branch —
 * 8 or 11 characters (ibantools takes the institution part as 4 letters, as every BIC issued so far is). The country inside the BIC must be the account's: a BIC of a German bank does not
 * route to an account in Thailand. A test BIC (location's second character "0", ISO 9362) never receives
 * a real payout, so it is refused too.
 */
export function swiftProblem(input: string, country: string): SwiftProblem | null {
  const bic = normaliseSwift(input);
  if (!isValidBIC(bic)) return { code: "SWIFT_INVALID" };
  const parts = extractBIC(bic);
  if (parts.testBIC) return { code: "SWIFT_INVALID" };
  if (parts.countryCode !== country)
    return { code: "SWIFT_COUNTRY_MISMATCH", codeCountry: parts.countryCode ?? "" };
  return null;
}

/** Whether the country's banks use IBANs (ISO 13616, in the SWIFT IBAN registry). */
export function usesIban(country: string): boolean {
  const specs = countrySpecs as Record<string, { chars?: number | null; IBANRegistry?: boolean } | undefined>;
  const spec = specs[country];
  return typeof spec?.chars === "number" && spec.IBANRegistry === true;
}

/** Shortest and longest account number outside India: ISO 13616 caps an IBAN at 34 characters. */
export const ACCOUNT_NUMBER_MIN = 6;
export const ACCOUNT_NUMBER_MAX = 34;

/** As normaliseCardNumber (spaces, dashes, full-width digits), and upper-cased for IBANs' letters. */
export function normaliseAccountNumber(input: string): string {
  return normaliseCardNumber(input).replace(/[a-z]/g, (letter) => letter.toUpperCase());
}

/**
 * Whether `input` is an account number of a bank in `country`: in India the card or account number of
 * cards.ts (12 to 19 digits); in a country of the IBAN registry a valid IBAN of that country (its check
 * digits verified), which is what its banks take for an incoming SWIFT payment; elsewhere 6 to 34 letters
 * and digits (US, Korean, Malaysian and Thai account numbers have no common check digit).
 */
export function isAccountNumber(country: string, input: string): boolean {
  if (country === IFSC_COUNTRY) return isCardNumber(input);
  const number = normaliseAccountNumber(input);
  if (usesIban(country)) return isValidIBAN(number) && number.startsWith(country);
  return (
    /^[A-Z0-9]+$/.test(number) && number.length >= ACCOUNT_NUMBER_MIN && number.length <= ACCOUNT_NUMBER_MAX
  );
}

/**
 * A stored account number as its owner sees it: from 12 characters up the first 4 and last 4 (as
 * maskCardNumber), below that the last 4 (the last 2 below 8 characters), so at least 4 always stay
 * hidden. Works for card numbers, IBANs and other account numbers alike.
 *
 * @throws RangeError when the input is shorter than ACCOUNT_NUMBER_MIN or holds other characters.
 */
export function maskAccountNumber(stored: string): string {
  const number = normaliseAccountNumber(stored);
  if (!/^[A-Z0-9]+$/.test(number) || number.length < ACCOUNT_NUMBER_MIN)
    throw new RangeError("Not an account number");
  const head = number.length >= 12 ? 4 : 0;
  const tail = number.length >= 8 ? 4 : 2;
  return number.slice(0, head) + "*".repeat(number.length - head - tail) + number.slice(-tail);
}

/** The bank code as stored: an IFSC in India, a BIC elsewhere, each normalised. */
export function normaliseBankCode(country: string, input: string): string {
  return country === IFSC_COUNTRY ? normaliseIfsc(input) : normaliseSwift(input);
}

/** Whether the bank code has its scheme's shape (an IFSC's, or a BIC of the account's country). */
export function isBankCode(country: string, input: string): boolean {
  return country === IFSC_COUNTRY ? isIfsc(input) : swiftProblem(input, country) === null;
}
