import { PASSWORD_MIN, type ErrorCode } from "@brokerage/api";

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * The common-password list of zxcvbn-ts (about 49,000 passwords seen most often in breaches), kept to
 * the ones long enough to pass the length rule. Loaded on first use: it costs ~80 ms and ~15 MB.
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) =>
      new Set(dictionary["passwords-common"].filter((p) => p.length >= PASSWORD_MIN).map(normalise)),
  );
  return commonPasswords;
}

/** One folding for every comparison here: compatibility forms and case do not make a password new. */
function normalise(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/**
 * Why this password is too weak to accept, or undefined when it may be used. The length rule is the
 * contract's (packages/api); these are the rules that need the account or the list.
 */
export async function passwordWeakness(password: string, account: string): Promise<ErrorCode | undefined> {
  const folded = normalise(password);
  // Only spaces, or one character over and over ("aaaaaaaa", "        ").
  if (folded.trim() === "" || /^(.)\1*$/su.test(folded)) return "PASSWORD_BLANK";
  const name = normalise(account.trim()).replace(/^\+/, "");
  if (name !== "" && folded.includes(name)) return "PASSWORD_CONTAINS_ACCOUNT";
  if ((await loadCommonPasswords()).has(folded)) return "PASSWORD_COMMON";
  return undefined;
}
