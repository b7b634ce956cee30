import { useEffect } from "react";
import type { LanguageCode } from "../lib/languages";
import { useConfig } from "../lib/config";
import { changeLanguage } from "../lib/i18n";
import { getLangCode } from "../lib/storage";

/** The language to show: the user's own while config offers it, else the first one offered. */
export function offeredLanguage(current: LanguageCode, offered: readonly LanguageCode[]): LanguageCode {
  return offered.includes(current) ? current : (offered[0] ?? current);
}

/** Once config is in, a language it no longer offers gives way to the first offered one (remembered). */
export function useOfferedLanguage(): void {
  const offered = useConfig().data?.languages;
  useEffect(() => {
    if (!offered) return;
    const current = getLangCode();
    const shown = offeredLanguage(current, offered);
    if (shown !== current) void changeLanguage(shown);
  }, [offered]);
}
