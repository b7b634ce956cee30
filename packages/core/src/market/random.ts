/**
 * Seeded, counter-based randomness. Every draw is a pure function of its inputs (seed, symbol, day,
 * minute …), so any point of any series can be computed directly, in any order, in any process.
 */

/** Murmur3's 32-bit finaliser: a fast avalanche mix. */
export function fmix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over UTF-16 code units, finalised with fmix32. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** Combines a running hash with one more integer (order-sensitive). */
export function mix(hash: number, value: number): number {
  return fmix32((Math.imul(hash ^ 0x9e3779b9, 0x85ebca77) + fmix32(value + 0x27d4eb2f)) | 0);
}

export function mix3(hash: number, a: number, b: number): number {
  return mix(mix(hash, a), b);
}

/** A uniform number in the open interval (0, 1). */
export function uniform(hash: number): number {
  return ((hash >>> 0) + 0.5) / 4294967296;
}

/** A standard normal variate from one hash (Box–Muller over two derived uniforms). */
export function normal(hash: number): number {
  const u1 = uniform(hash);
  const u2 = uniform(fmix32(hash ^ 0x5bd1e995));
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** mulberry32: a small sequential generator, used inside one (symbol, day) whose seed is a hash. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal from a sequential uniform source. */
export function gaussian(next: () => number): number {
  const u1 = Math.max(next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * next());
}
