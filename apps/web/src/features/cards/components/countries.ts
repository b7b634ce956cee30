import { BANK_COUNTRIES, IFSC_COUNTRY } from "@brokerage/core";

/** The platform's markets' countries, offered first: India, then the others by code. */
const MARKET_COUNTRIES = [IFSC_COUNTRY, "KR", "MY", "TH", "US"];

/**
 * The countries a bank card may be in, named in the app's language (the browser's own country names,
 * Intl.DisplayNames): the markets' countries first, then every other one by its name.
 */
export function countryOptions(language: string): { code: string; name: string }[] {
  const name = countryNamer(language);
  const others = BANK_COUNTRIES.filter((code) => !MARKET_COUNTRIES.includes(code))
    .map((code) => ({ code, name: name(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
  return [...MARKET_COUNTRIES.map((code) => ({ code, name: name(code) })), ...others];
}

/** A country code's name in `language`; the code itself where the browser has no name for it. */
export function countryNamer(language: string): (code: string) => string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: "region" });
  } catch {
    names = undefined;
  }
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}
