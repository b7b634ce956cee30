import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { HOTP, Secret, TOTP } from "otpauth";

/**
 * TOTP (RFC 6238) for two-step log-in of app users and back-office staff, plus single-use recovery
 * codes. Pure functions: the caller stores the secret, the last used step and the recovery-code hashes.
 *
 * SHA-1, 6 digits and 30 s are fixed because they are the only parameters every authenticator app
 * honours; several silently ignore `algorithm`/`digits`/`period` in the URI and would show wrong codes.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const TOTP_ALGORITHM = "SHA1";
/** One step either side: a phone clock a little off, or a code typed just as it rolled over. */
const TOTP_WINDOW_STEPS = 1;
/** 160 bits, the key length RFC 4226 recommends for HMAC-SHA-1. */
const TOTP_SECRET_BYTES = 20;

const TOTP_CODE_PATTERN = new RegExp(`^[0-9]{${TOTP_DIGITS}}$`);

/** A fresh random secret (160 bits), base32 without padding, as authenticator apps expect it. */
export function newTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

/**
 * The `otpauth://totp/…` key URI for the enrolment QR code.
 *
 * The key URI format forbids a colon inside issuer or label: it separates the two in the label, so
 * "A:B" as an issuer would show up in the app as issuer "A". Refused rather than silently mangled.
 */
export function totpUri({
  secret,
  issuer,
  label,
}: {
  secret: string;
  issuer: string;
  label: string;
}): string {
  for (const [name, value] of [
    ["issuer", issuer],
    ["label", label],
  ] as const) {
    if (value.length === 0 || value.includes(":")) {
      throw new RangeError(`TOTP ${name} must be non-empty and must not contain a colon`);
    }
  }
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

export type TotpVerification = { ok: true; step: number } | { ok: false };

/**
 * Checks a code against the current 30 s step and one step either side.
 *
 * Replay protection: a step `<= lastUsedStep` is never accepted, so the caller must store the returned
 * `step` — with a conditional update (`… where last_used_step is null or last_used_step < $step`) so
 * that two concurrent requests carrying the same code cannot both pass.
 *
 * We compare ourselves instead of calling otpauth's `validate`: it stops at the first matching step in
 * the order current, previous, next, and it throws on a 6-character input whose UTF-8 form is longer
 * (its `timingSafeEqual` compares byte lengths). Every step of the window is checked, without an early
 * exit, and when the code happens to match more than one step (a 1-in-10⁶ coincidence) the latest is
 * returned, so the same six digits cannot be accepted a second time for the later step.
 */
export function verifyTotp({
  secret,
  code,
  at,
  lastUsedStep,
}: {
  secret: string;
  code: string;
  at: Date;
  lastUsedStep: number | null;
}): TotpVerification {
  const now = at.getTime();
  if (!Number.isFinite(now)) throw new RangeError("verifyTotp: invalid date");
  if (!TOTP_CODE_PATTERN.test(code)) return { ok: false };

  const key = Secret.fromBase32(secret);
  const given = Buffer.from(code, "ascii");
  const currentStep = totpStepAt(at);
  let matchedStep: number | null = null;
  for (let step = currentStep - TOTP_WINDOW_STEPS; step <= currentStep + TOTP_WINDOW_STEPS; step++) {
    if (step < 0 || (lastUsedStep !== null && step <= lastUsedStep)) continue;
    const expected = Buffer.from(
      HOTP.generate({ secret: key, algorithm: TOTP_ALGORITHM, digits: TOTP_DIGITS, counter: step }),
      "ascii",
    );
    if (timingSafeEqual(given, expected)) matchedStep = step;
  }
  return matchedStep === null ? { ok: false } : { ok: true, step: matchedStep };
}

/** The RFC 6238 time step (counter) that contains `at`. */
export function totpStepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * Recovery-code alphabet: no 0/o, 1/l, as they are read off paper and typed on phones. Exactly 32
 * symbols, so each carries 5 bits and 12 of them give 60 bits (the 31-symbol alphabet of `random.ts`
 * would fall just short, at 59.4 bits). Lowercase, the form the codes are normalised to.
 */
export const RECOVERY_CODE_ALPHABET = "23456789abcdefghijkmnpqrstuvwxyz";
const RECOVERY_CODE_GROUPS = 3;
const RECOVERY_CODE_GROUP_LENGTH = 4;
const RECOVERY_CODE_LENGTH = RECOVERY_CODE_GROUPS * RECOVERY_CODE_GROUP_LENGTH;
const NORMALISED_RECOVERY_CODE = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/**
 * Fresh recovery codes (`xxxx-xxxx-xxxx`, 60 bits each) to show once, and the SHA-256 digests to store.
 * A plain digest is enough, unlike for passwords: the codes are random and too long to guess, so no
 * slow hash is needed to keep a leaked table from giving them away.
 */
export function newRecoveryCodes(count = 10): { codes: string[]; hashes: string[] } {
  if (!Number.isInteger(count) || count < 1) throw new RangeError("newRecoveryCodes: count must be ≥ 1");
  // A repeat is astronomically unlikely, but a set makes "each code works once" hold by construction.
  const codes = new Set<string>();
  while (codes.size < count) codes.add(randomRecoveryCode());
  const list = [...codes];
  return { codes: list, hashes: list.map(hashRecoveryCode) };
}

function randomRecoveryCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < RECOVERY_CODE_GROUPS; g++) {
    let group = "";
    for (let i = 0; i < RECOVERY_CODE_GROUP_LENGTH; i++) {
      group += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
    }
    groups.push(group);
  }
  return groups.join("-");
}

/** Lowercase, without dashes and white space: how people retype a code should not matter. */
export function normaliseRecoveryCode(input: string): string {
  return input.replace(/[\s-]/g, "").toLowerCase();
}

function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
}

/**
 * Uses up one recovery code: the stored hashes without the matched one, or null when none matches.
 * Every stored hash is compared (constant time, no early exit). The caller must save the result with
 * a conditional update on the previous value, or two concurrent requests could both spend one code.
 */
export function consumeRecoveryCode(hashes: readonly string[], input: string): string[] | null {
  const normalised = normaliseRecoveryCode(input);
  // The format is public, so refusing malformed input early gives nothing away.
  if (!NORMALISED_RECOVERY_CODE.test(normalised)) return null;
  const given = createHash("sha256").update(normalised).digest();
  let matchedIndex = -1;
  hashes.forEach((stored, index) => {
    const expected = Buffer.from(stored, "hex");
    if (expected.length === given.length && timingSafeEqual(given, expected) && matchedIndex === -1) {
      matchedIndex = index;
    }
  });
  return matchedIndex === -1 ? null : hashes.filter((_, index) => index !== matchedIndex);
}
