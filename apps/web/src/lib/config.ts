import { useQuery } from "@tanstack/react-query";
import type { ConfigEntry } from "@brokerage/api";
import { apiPost } from "./api";
import { DEFAULT_LANGUAGES, isLanguageCode, type LanguageCode } from "./languages";

export interface AppConfig {
  /** The customer-service link: an https URL, or absent when none is configured (no entry shows then). */
  kefu?: string;
  logoUrl?: string;
  title?: string;
  /** The stored language codes the switcher offers. */
  languages: LanguageCode[];
  values: Record<string, string>;
}

/** Spec §3: images live under /api/; a logo given as an absolute path or URL is used as is. */
export function logoUrlOf(value: string): string {
  if (/^(\/|https?:|data:)/.test(value)) return value;
  return `/api/${value}`;
}

/** A configured customer-service link the app can open: an absolute https URL, else nothing. */
export function kefuLinkOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).protocol === "https:" ? value : undefined;
  } catch {
    return undefined;
  }
}

export function parseConfig(entries: ConfigEntry[]): AppConfig {
  const values = Object.fromEntries(entries.map((e) => [e.name, e.value]));
  const listed = (values.languages ?? "")
    .split(",")
    .map((code) => code.trim())
    .filter(isLanguageCode);
  return {
    kefu: kefuLinkOf(values.kefu?.trim()),
    logoUrl: values.logo ? logoUrlOf(values.logo) : undefined,
    title: values.title || undefined,
    languages: listed.length > 0 ? listed : DEFAULT_LANGUAGES,
    values,
  };
}

export const CONFIG_QUERY_KEY = ["config"] as const;

/** `common/config {type:"all"}`: loaded once at start-up (the splash waits for it). */
export function useConfig() {
  return useQuery({
    queryKey: CONFIG_QUERY_KEY,
    queryFn: () => apiPost("common/config", { type: "all" }),
    select: parseConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
