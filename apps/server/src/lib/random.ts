import { createHash, randomBytes, randomInt } from "node:crypto";

/** An opaque session token: 32 random bytes, base64url (43 characters). */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Only this digest is stored, so a database leak does not hand out live sessions. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

// No 0/O, 1/I/L: codes are read aloud and typed on phones.
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export function randomCode(length = 8): string {
  let out = "";
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

export function randomPassword(): string {
  return randomBytes(15).toString("base64url");
}
