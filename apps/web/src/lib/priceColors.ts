import { readStored, writeStored } from "./storage";

/**
 * Which colour means up (DESIGN §5a, issue 27): red up and green down, as in China, Korea and Taiwan (the
 * spec's default, §9), or green up and red down, as in India, the US and Europe. A device preference like
 * the language: kept in local storage, and through a 401's clearing of it.
 */
export const PRICE_COLORS = ["redUp", "greenUp"] as const;
export type PriceColors = (typeof PRICE_COLORS)[number];

export const PRICE_COLORS_KEY = "priceColors";

const isPriceColors = (value: unknown): value is PriceColors =>
  (PRICE_COLORS as readonly unknown[]).includes(value);

export function getPriceColors(): PriceColors {
  const stored = readStored(PRICE_COLORS_KEY);
  return isPriceColors(stored) ? stored : "redUp";
}

/** Puts the convention on the document: theme.css swaps --rise and --fall under `data-price-colors`. */
export function applyPriceColors(colors: PriceColors = getPriceColors()): void {
  document.documentElement.dataset.priceColors = colors;
}

export function savePriceColors(colors: PriceColors): void {
  writeStored(PRICE_COLORS_KEY, colors);
  applyPriceColors(colors);
}
