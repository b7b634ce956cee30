/**
 * Real-name verification (spec §2 "Real-name verification: name, ID number (may be entered as first 6
 * and last 1 digits), ID front and back photos"; §4 "KYC adds: not verified, under review, verified,
 * failed"; DESIGN "not verified → under review → verified | failed (may resubmit)").
 */

/** Shortest and longest full ID number: PAN is 10, Aadhaar 12, a Chinese resident ID 18, passports ~8–9. */
export const ID_NUMBER_MIN_LENGTH = 6;
export const ID_NUMBER_MAX_LENGTH = 20;

/** Characters shown at each end of a masked ID number: the spec's "first 6 and last 1". */
const ID_VISIBLE_HEAD = 6;
const ID_VISIBLE_TAIL = 1;

const FULL_ID = /^[A-Z0-9]+$/;
const MASKED_ID = /^[A-Z0-9]{6}\*+[A-Z0-9]$/;

/**
 * NFKC (full-width "１１０１０５" and "＊" from CJK input methods become ASCII), without the spaces and
 * dashes used to group digits ("1234 5678 9012"), ASCII letters upper-cased (PAN letters, the Chinese
 * check digit "x"). Non-ASCII letters are left alone so that they are refused, not transliterated.
 */
export function normaliseIdNumber(input: string): string {
  return input
    .normalize("NFKC")
    .replace(/[\s\p{Pd}]/gu, "")
    .replace(/[a-z]/g, (letter) => letter.toUpperCase());
}

/**
 * The spec's short form after normalising: exactly 6 letters or digits, one or more asterisks standing for
 * the hidden middle, then exactly 1 letter or digit — at most 20 characters in all, like a full number
 * ("110105***********X"). Only "*" (or full-width "＊") counts as the mask: "X" is a real check digit.
 */
export function isMaskedIdNumber(input: string): boolean {
  const id = normaliseIdNumber(input);
  return MASKED_ID.test(id) && id.length <= ID_NUMBER_MAX_LENGTH;
}

/**
 * What the ID number field accepts, after normalising: either a full number of 6 to 20 ASCII letters and
 * digits (no per-country check, since users come from several countries), or the masked form above. The
 * spec's "first 6 and last 1 digits" typed without asterisks is 7 characters and so passes as a full
 * number; reviewers compare it with the photos either way.
 */
export function isIdNumberForm(input: string): boolean {
  const id = normaliseIdNumber(input);
  const isFull = FULL_ID.test(id) && id.length >= ID_NUMBER_MIN_LENGTH && id.length <= ID_NUMBER_MAX_LENGTH;
  return isFull || isMaskedIdNumber(id);
}

/**
 * An ID number for display: first 6, one asterisk per hidden character, last 1 ("110105***********X"),
 * so the result is itself a valid masked form. An already masked entry is returned normalised. IDs of 6
 * or 7 characters would have nothing hidden, so their head shrinks until one character is hidden
 * ("ABC1234" → "ABC12*4"): a displayed ID never shows every character.
 *
 * @throws RangeError when the input is not an ID number form (a stored one always is).
 */
export function maskIdNumber(id: string): string {
  const normalised = normaliseIdNumber(id);
  if (!isIdNumberForm(normalised)) throw new RangeError("Not an ID number");
  if (isMaskedIdNumber(normalised)) return normalised;
  const head = Math.min(ID_VISIBLE_HEAD, normalised.length - ID_VISIBLE_TAIL - 1);
  const hidden = normalised.length - head - ID_VISIBLE_TAIL;
  return normalised.slice(0, head) + "*".repeat(hidden) + normalised.slice(-ID_VISIBLE_TAIL);
}

export const KYC_STATES = ["not_verified", "under_review", "verified", "failed"] as const;
export type KycState = (typeof KYC_STATES)[number];

export const KYC_EVENTS = ["submit", "approve", "reject"] as const;
export type KycEvent = (typeof KYC_EVENTS)[number];

/**
 * The whole machine. A failed check may be resubmitted; a verified identity is final (changing it is a
 * back-office matter, not a user action); only a reviewer's decision leaves "under_review".
 */
const KYC_TRANSITIONS: Record<KycState, Partial<Record<KycEvent, KycState>>> = {
  not_verified: { submit: "under_review" },
  under_review: { approve: "verified", reject: "failed" },
  verified: {},
  failed: { submit: "under_review" },
};

/** The state after `event`, or null when the event is not allowed in `state`. */
export function nextKycState(state: KycState, event: KycEvent): KycState | null {
  return KYC_TRANSITIONS[state][event] ?? null;
}

/** Whether the user may send the KYC form now: never verified yet, or the last attempt failed. */
export function canSubmitKyc(state: KycState): boolean {
  return nextKycState(state, "submit") !== null;
}

/** Shortest and longest real name, counted in Unicode code points after normalising. */
export const REAL_NAME_MIN_LENGTH = 2;
export const REAL_NAME_MAX_LENGTH = 60;

/**
 * Letters of any script with their combining marks (Devanagari, Tamil and Thai names are written with
 * vowel signs and viramas, which are marks, not letters), spaces, dots (including the middle dot "·" of
 * transliterated names on Chinese IDs), apostrophes (' and ’) and hyphens. At least one letter.
 */
const REAL_NAME = /^[\p{L}\p{M} .·'’-]+$/u;

/**
 * A person's name in one canonical spelling: NFKC (full-width and compatibility forms become their plain
 * letters), trimmed, every run of whitespace collapsed to one space. Names are stored in this form and
 * compared in it (`namesMatch`).
 */
export function normaliseName(input: string): string {
  return input.normalize("NFKC").trim().replace(/\s+/gu, " ");
}

/** A plausible real name after `normaliseName`: 2–60 code points of the characters above. */
export function isRealName(input: string): boolean {
  const name = normaliseName(input);
  const length = [...name].length;
  return (
    length >= REAL_NAME_MIN_LENGTH &&
    length <= REAL_NAME_MAX_LENGTH &&
    REAL_NAME.test(name) &&
    /\p{L}/u.test(name)
  );
}
