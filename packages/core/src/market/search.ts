import type { LocalizedNames } from "./types.js";

export interface Searchable {
  code: string;
  name: string;
  names: LocalizedNames;
}

/** Case- and width-insensitive form: NFKC folds full-width letters and digits, then lower case. */
export function normalizeSearchText(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

const enum Rank {
  ExactCode,
  CodePrefix,
  ExactName,
  NamePrefix,
  NameContains,
  CodeContains,
}

function rankOf(item: Searchable, query: string): Rank | undefined {
  const code = normalizeSearchText(item.code);
  if (code === query) return Rank.ExactCode;
  if (code.startsWith(query)) return Rank.CodePrefix;
  const names = [item.name, ...Object.values(item.names)].map(normalizeSearchText);
  if (names.includes(query)) return Rank.ExactName;
  if (names.some((n) => n.startsWith(query))) return Rank.NamePrefix;
  if (names.some((n) => n.includes(query))) return Rank.NameContains;
  if (code.includes(query)) return Rank.CodeContains;
  return undefined;
}

/**
 * Finds listings by code or by name in any language (every entry of `names`, so Traditional `zhTW` as well
 * as Simplified `zh`). Ranked: exact code, code prefix, exact name, name prefix, name contains, code contains;
 * ties keep the catalogue order.
 */
export function searchListings<T extends Searchable>(items: readonly T[], query: string, limit = 20): T[] {
  const q = normalizeSearchText(query);
  if (q === "") return [];
  const hits: { item: T; rank: Rank; order: number }[] = [];
  items.forEach((item, order) => {
    const rank = rankOf(item, q);
    if (rank !== undefined) hits.push({ item, rank, order });
  });
  hits.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return hits.slice(0, limit).map((h) => h.item);
}
