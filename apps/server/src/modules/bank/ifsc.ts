import { createRequire } from "node:module";

/**
 * The IFSC dataset: Razorpay's `ifsc` package (github.com/razorpay/ifsc), rebuilt from the RBI's lists of
 * NEFT/RTGS branches and released on npm as they change. The package bundles, offline:
 * - `IFSC.json`: every IFSC that exists, as bank code → branch parts;
 * - `banknames.json`: each bank code's name;
 * - `sublet.json` and `custom-sublets.json`: codes of one bank's range used by another (a co-operative
 *   bank whose payments a larger bank clears), whole or by prefix.
 * It bundles no branch details (name, address): those come only from Razorpay's web API, which this server
 * does not call (nothing is fetched at run time), so a lookup resolves the bank and not the branch.
 *
 * Only the JSON files are read: the package's entry point loads an HTTP client for that web API.
 */

interface Dataset {
  /** Bank code → its branch parts: numbers for all-digit parts (leading zeros dropped), else strings. */
  codes: Record<string, (number | string)[]>;
  names: Record<string, string>;
  sublets: Record<string, string>;
  /** Prefix → a bank code or, where the dataset has no code for the bank, its name. */
  customSublets: [string, string][];
}

let loaded: Dataset | undefined;

/** Read once, on the first lookup (about 1.4 MB of JSON). */
function dataset(): Dataset {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const customSublets = Object.entries(require("ifsc/src/custom-sublets.json") as Record<string, string>)
    // The longest prefix that matches wins.
    .sort(([a], [b]) => b.length - a.length);
  loaded = {
    codes: require("ifsc/src/IFSC.json") as Dataset["codes"],
    names: require("ifsc/src/banknames.json") as Dataset["names"],
    sublets: require("ifsc/src/sublet.json") as Dataset["sublets"],
    customSublets,
  };
  return loaded;
}

/** Whether a well-formed IFSC (upper case, 11 characters) is one that exists, as the package's own check. */
export function ifscExists(code: string): boolean {
  const { codes } = dataset();
  const bank = code.slice(0, 4);
  const branch = code.slice(5);
  if (code.length !== 11 || code[4] !== "0" || !Object.hasOwn(codes, bank)) return false;
  const parts = codes[bank] ?? [];
  return /^\d+$/.test(branch) ? parts.includes(Number.parseInt(branch, 10)) : parts.includes(branch);
}

/**
 * The name of the bank an existing IFSC belongs to: the sub-member's for a sublet code, else the bank
 * whose code starts it; null where the dataset names no bank for it.
 */
export function ifscBankName(code: string): string | null {
  const { names, sublets, customSublets } = dataset();
  const sublet = sublets[code];
  if (sublet !== undefined) return names[sublet] ?? null;
  const custom = customSublets.find(([prefix]) => code.startsWith(prefix))?.[1];
  if (custom !== undefined) return names[custom] ?? custom;
  return names[code.slice(0, 4)] ?? null;
}
