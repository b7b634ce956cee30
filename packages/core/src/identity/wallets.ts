/**
 * Crypto withdrawal addresses (spec §3 "Wallet: type, address, payment QR code"; §5 "A wallet needs type
 * and address") and the QR code that shows one (§9). Addresses are checked down to their checksums: a
 * mistyped address that merely looks right would send a user's withdrawal to nobody.
 *
 * The hashes and encodings come from @noble/hashes and @scure/base: audited, pure JavaScript without
 * `node:*`, so this package stays usable in the browser, and the same code the wider Bitcoin and
 * Ethereum tooling relies on.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { bech32, bech32m, createBase58check } from "@scure/base";

export const WALLET_TYPES = ["USDT-TRC20", "USDT-ERC20", "BTC"] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

export function isWalletType(value: string): value is WalletType {
  return (WALLET_TYPES as readonly string[]).includes(value);
}

/**
 * Whether `address` is a well-formed address of that network with a valid checksum. The address is taken
 * as given, without trimming: callers trim before validating so that the stored value is the checked one.
 * - USDT-TRC20: a Tron base58check address, "T" + 33 characters, version byte 0x41.
 * - USDT-ERC20: "0x" + 40 hex digits. All-lower or all-upper case carries no checksum and is accepted;
 *   mixed case must satisfy the EIP-55 checksum, since mixed case means a wallet wrote one.
 * - BTC: base58check P2PKH ("1…", version 0) or P2SH ("3…", version 5), or a native segwit address
 *   "bc1…" — version 0 with the bech32 checksum (BIP-173), versions 1–16 with bech32m (BIP-350).
 */
export function isWalletAddress(type: WalletType, address: string): boolean {
  switch (type) {
    case "USDT-TRC20":
      return address.length === 34 && address.startsWith("T") && base58CheckVersion(address) === 0x41;
    case "USDT-ERC20":
      return isEthereumAddress(address);
    case "BTC":
      return isBitcoinBase58Address(address) || isSegwitAddress(address);
  }
}

/**
 * The form in which two spellings of one address are equal, for "this address already exists". Hex
 * (Ethereum) and bech32 (Bitcoin "bc1…") addresses are case-insensitive — the case of an EIP-55 address is
 * only its checksum — so they compare in lower case; base58 addresses (Tron, Bitcoin "1…"/"3…") are
 * case-sensitive and compare as they are. The stored address keeps the spelling the user gave.
 */
export function walletAddressKey(type: WalletType, address: string): string {
  const caseInsensitive = type === "USDT-ERC20" || (type === "BTC" && /^bc1/i.test(address));
  return caseInsensitive ? address.toLowerCase() : address;
}

// ---- base58check (Tron, Bitcoin P2PKH / P2SH) ----

const base58check = createBase58check(sha256);

/**
 * The version byte of a 25-byte base58check address (version, 20-byte hash, 4-byte checksum), or null when
 * it is not one or its checksum — the first 4 bytes of SHA-256(SHA-256(version + hash)) — is wrong.
 */
function base58CheckVersion(address: string): number | null {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return null;
  }
  return payload.length === 21 ? (payload[0] ?? null) : null;
}

function isBitcoinBase58Address(address: string): boolean {
  const version = base58CheckVersion(address);
  return (version === 0x00 && address.startsWith("1")) || (version === 0x05 && address.startsWith("3"));
}

// ---- Ethereum (EIP-55) ----

function isEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return hasEip55Checksum(hex);
}

/**
 * EIP-55: a letter is upper case exactly when the matching nibble of Keccak-256(lower-case hex) is ≥ 8.
 * Keccak-256 with the original padding, not SHA3-256, which gives other digests.
 */
function hasEip55Checksum(hex: string): boolean {
  const hash = keccak_256(utf8ToBytes(hex.toLowerCase()));
  for (let i = 0; i < hex.length; i++) {
    const char = hex.charAt(i);
    if (/[0-9]/.test(char)) continue;
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    if (nibble >= 8 !== (char === char.toUpperCase())) return false;
  }
  return true;
}

// ---- bech32 / bech32m (Bitcoin native segwit) ----

/**
 * A mainnet segwit address (BIP-173 as amended by BIP-350): "bc1", one case throughout, at most 90
 * characters, a witness version 0–16, a program of 2–40 bytes (20 or 32 for version 0), and the bech32
 * checksum for version 0 or the bech32m checksum for later versions. A string cannot carry both
 * checksums, so the one that verifies names the encoding, and the version must be the one it allows.
 */
function isSegwitAddress(address: string): boolean {
  const v0 = bech32.decodeUnsafe(address, 90);
  const decoded = v0 && v0.words[0] === 0 ? v0 : bech32m.decodeUnsafe(address, 90);
  if (!decoded || decoded.prefix !== "bc") return false;
  const [version, ...data] = decoded.words;
  if (version === undefined || version > 16 || (version === 0) !== (decoded === v0)) return false;
  const program = bech32.fromWordsUnsafe(data);
  if (!program || program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

// ---- QR code (spec §9) ----

export const QR_ERROR_CORRECTION_LEVELS = ["L", "M", "Q", "H"] as const;
export type QrErrorCorrectionLevel = (typeof QR_ERROR_CORRECTION_LEVELS)[number];

/** Spec §9: "QR code default: 256x256 px, black on white, highest error correction." */
export const QR_DEFAULTS = {
  size: 256,
  foreground: "#000000",
  background: "#ffffff",
  errorCorrectionLevel: "H",
} as const satisfies {
  size: number;
  foreground: string;
  background: string;
  errorCorrectionLevel: QrErrorCorrectionLevel;
};

/** Data bytes a version-40 (largest) symbol holds in byte mode, per level (ISO/IEC 18004, table 7). */
export const QR_MAX_BYTES: Readonly<Record<QrErrorCorrectionLevel, number>> = {
  L: 2953,
  M: 2331,
  Q: 1663,
  H: 1273,
};

/**
 * Spec §9 "Too-long data fails": whether `text`, as UTF-8 in byte mode, fits the largest QR symbol at
 * `level`, so the caller can refuse it up front instead of rendering failing. Empty text fits.
 */
export function fitsInQrCode(text: string, level: QrErrorCorrectionLevel = "H"): boolean {
  return utf8ByteLength(text) <= QR_MAX_BYTES[level];
}

/** UTF-8 length without TextEncoder (not in this package's libs); a lone surrogate counts as U+FFFD. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
