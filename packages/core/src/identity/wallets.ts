/**
 * Crypto withdrawal addresses (spec §3 "Wallet: type, address, payment QR code"; §5 "A wallet needs type
 * and address") and the QR code that shows one (§9). Addresses are checked down to their checksums: a
 * mistyped address that merely looks right would send a user's withdrawal to nobody.
 *
 * packages/core stays free of I/O and of `node:*`, so SHA-256 and Keccak-256 are implemented here; both
 * only ever hash a few dozen bytes, which makes a plain, readable implementation fast enough.
 */

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

const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Big-endian bytes of a base58 string, each leading "1" a zero byte; null on a character outside it. */
export function base58Decode(text: string): Uint8Array | null {
  const littleEndian: number[] = [];
  for (const char of text) {
    let carry = BASE58_ALPHABET.indexOf(char);
    if (carry < 0) return null;
    for (let i = 0; i < littleEndian.length; i++) {
      carry += (littleEndian[i] ?? 0) * 58;
      littleEndian[i] = carry & 0xff;
      carry >>= 8;
    }
    for (; carry > 0; carry >>= 8) littleEndian.push(carry & 0xff);
  }
  const zeros = /^1*/.exec(text)?.[0].length ?? 0;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...littleEndian.reverse()]);
}

/**
 * The version byte of a 25-byte base58check address (version, 20-byte hash, 4-byte checksum), or null when
 * it is not one or its checksum — the first 4 bytes of SHA-256(SHA-256(version + hash)) — is wrong.
 */
function base58CheckVersion(address: string): number | null {
  const bytes = base58Decode(address);
  if (bytes === null || bytes.length !== 25) return null;
  const checksum = sha256(sha256(bytes.subarray(0, 21)));
  for (let i = 0; i < 4; i++) if (bytes[21 + i] !== checksum[i]) return null;
  return bytes[0] ?? null;
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

/** EIP-55: a letter is upper case exactly when the matching nibble of Keccak-256(lower-case hex) is ≥ 8. */
function hasEip55Checksum(hex: string): boolean {
  const hash = keccak256(asciiBytes(hex.toLowerCase()));
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

const BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function bech32Polymod(values: readonly number[]): number {
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    BECH32_GENERATOR.forEach((generator, bit) => {
      if ((top >>> bit) & 1) checksum ^= generator;
    });
  }
  return checksum >>> 0;
}

/** The 5-bit groups of the checksum's input for the human-readable part (BIP-173 "hrp_expand"). */
function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((char) => char.charCodeAt(0));
  return [...codes.map((code) => code >> 5), 0, ...codes.map((code) => code & 31)];
}

/** Regroups 5-bit values into bytes; null if more than 4 bits of padding are left or any is non-zero. */
function fiveBitToBytes(values: readonly number[]): number[] | null {
  let accumulator = 0;
  let bits = 0;
  const bytes: number[] = [];
  for (const value of values) {
    accumulator = ((accumulator << 5) | value) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((accumulator >> bits) & 0xff);
    }
  }
  if (bits >= 5 || ((accumulator << (8 - bits)) & 0xff) !== 0) return null;
  return bytes;
}

/**
 * A mainnet segwit address (BIP-173 as amended by BIP-350): "bc1", one case throughout, at most 90
 * characters, a witness version 0–16, a program of 2–40 bytes (20 or 32 for version 0), and the bech32
 * checksum for version 0 or the bech32m checksum for later versions.
 */
function isSegwitAddress(address: string): boolean {
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return false;
  if (address.length > 90 || !lower.startsWith("bc1")) return false;
  const values = [...lower.slice(3)].map((char) => BECH32_CHARSET.indexOf(char));
  if (values.length < 7 || values.some((value) => value < 0)) return false;
  const version = values[0] ?? 0;
  if (version > 16) return false;
  const expected = version === 0 ? BECH32_CONST : BECH32M_CONST;
  if (bech32Polymod([...hrpExpand("bc"), ...values]) !== expected) return false;
  const program = fiveBitToBytes(values.slice(1, -6));
  if (program === null || program.length < 2 || program.length > 40) return false;
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

// ---- hashes ----

function asciiBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);
}

const SHA256_K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
];

const rotr = (value: number, bits: number) => (value >>> bits) | (value << (32 - bits));

/** SHA-256 (FIPS 180-4) of a byte string. */
export function sha256(message: Uint8Array): Uint8Array {
  // Padding: 0x80, zeros, then the bit length as a 64-bit big-endian number, to a multiple of 64 bytes.
  const paddedLength = Math.ceil((message.length + 9) / 64) * 64;
  const padded = new Uint8Array(paddedLength);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(paddedLength - 8, Math.floor(message.length / 0x20000000));
  view.setUint32(paddedLength - 4, (message.length * 8) >>> 0);

  const state = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ];
  const w = new Array<number>(64).fill(0);
  for (let offset = 0; offset < paddedLength; offset += 64) {
    for (let t = 0; t < 64; t++) {
      if (t < 16) {
        w[t] = view.getUint32(offset + t * 4);
        continue;
      }
      const w15 = w[t - 15] ?? 0;
      const w2 = w[t - 2] ?? 0;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      w[t] = ((w[t - 16] ?? 0) + s0 + (w[t - 7] ?? 0) + s1) | 0;
    }
    let [a, b, c, d, e, f, g, h] = state as [number, number, number, number, number, number, number, number];
    for (let t = 0; t < 64; t++) {
      const t1 =
        (h +
          (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) +
          ((e & f) ^ (~e & g)) +
          (SHA256_K[t] ?? 0) +
          (w[t] ?? 0)) |
        0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      [h, g, f, e, d, c, b, a] = [g, f, e, (d + t1) | 0, c, b, a, (t1 + t2) | 0];
    }
    [a, b, c, d, e, f, g, h].forEach((value, i) => (state[i] = ((state[i] ?? 0) + value) | 0));
  }
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  state.forEach((value, i) => out.setUint32(i * 4, value >>> 0));
  return digest;
}

const MASK_64 = (1n << 64n) - 1n;
const KECCAK_ROUND_CONSTANTS = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
];
/** ρ rotation of lane (x, y), indexed x + 5y. */
const KECCAK_ROTATIONS = [
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];

const rotl64 = (value: bigint, bits: number) =>
  bits === 0 ? value : ((value << BigInt(bits)) | (value >> BigInt(64 - bits))) & MASK_64;

/** Keccak-f[1600] on 25 lanes, in place. */
function keccakPermute(lanes: bigint[]): void {
  const lane = (i: number) => lanes[i] ?? 0n;
  for (const roundConstant of KECCAK_ROUND_CONSTANTS) {
    // θ: each lane takes the parity of two neighbouring columns.
    const parity = [0, 1, 2, 3, 4].map(
      (x) => lane(x) ^ lane(x + 5) ^ lane(x + 10) ^ lane(x + 15) ^ lane(x + 20),
    );
    for (let x = 0; x < 5; x++) {
      const d = (parity[(x + 4) % 5] ?? 0n) ^ rotl64(parity[(x + 1) % 5] ?? 0n, 1);
      for (let y = 0; y < 25; y += 5) lanes[x + y] = lane(x + y) ^ d;
    }
    // ρ and π: rotate each lane and move (x, y) to (y, 2x + 3y).
    const moved = new Array<bigint>(25).fill(0n);
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) {
        moved[y + 5 * ((2 * x + 3 * y) % 5)] = rotl64(lane(x + 5 * y), KECCAK_ROTATIONS[x + 5 * y] ?? 0);
      }
    }
    // χ: the only non-linear step, along rows; ι: the round constant into lane (0, 0).
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        const next = moved[y + ((x + 1) % 5)] ?? 0n;
        lanes[x + y] = (moved[x + y] ?? 0n) ^ (~next & MASK_64 & (moved[y + ((x + 2) % 5)] ?? 0n));
      }
    }
    lanes[0] = lane(0) ^ roundConstant;
  }
}

/**
 * Keccak-256 as Ethereum uses it: the original Keccak padding (0x01 … 0x80), not SHA3-256's 0x06, so
 * SHA3-256 from a standard library would give other digests.
 */
export function keccak256(message: Uint8Array): Uint8Array {
  const rate = 136;
  const paddedLength = (Math.floor(message.length / rate) + 1) * rate;
  const padded = new Uint8Array(paddedLength);
  padded.set(message);
  padded[message.length] = (padded[message.length] ?? 0) ^ 0x01;
  padded[paddedLength - 1] = (padded[paddedLength - 1] ?? 0) ^ 0x80;
  const view = new DataView(padded.buffer);
  const lanes = new Array<bigint>(25).fill(0n);
  for (let offset = 0; offset < paddedLength; offset += rate) {
    for (let i = 0; i < rate / 8; i++) lanes[i] = (lanes[i] ?? 0n) ^ view.getBigUint64(offset + i * 8, true);
    keccakPermute(lanes);
  }
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  for (let i = 0; i < 4; i++) out.setBigUint64(i * 8, lanes[i] ?? 0n, true);
  return digest;
}
