import { ColorType } from "lightweight-charts";
import { useSyncExternalStore } from "react";

/** The charts' colours (lightweight-charts draws on a canvas, which cannot read CSS variables). */

/** The canvas cannot use CSS variables: the chart takes the theme's colours (app/styles/theme.css) as values. */
export function themeColors(root: Element = document.documentElement) {
  const style = getComputedStyle(root);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    rise: read("--rise", "#c8231d"),
    fall: read("--fall", "#077a43"),
    brand: read("--brand", "#1d4ed8"),
    text: read("--text-2", "#4f596d"),
    grid: read("--surface-sunken", "#eef1f6"),
  };
}

/**
 * What every chart of the app shares: a transparent canvas in the theme's text colour, horizontal grid
 * lines only, and a borderless price scale that leaves out a label its pane would cut at the top or bottom
 * edge (never drawn in half). `scaleMargins` is each chart's own.
 */
export function chartFrame(
  colors: ReturnType<typeof themeColors>,
  scaleMargins: { top: number; bottom: number },
) {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: "transparent" },
      textColor: colors.text,
      fontSize: 10,
      // The library's own logo injects an inline <style>, which the Content-Security-Policy refuses
      // (style-src 'self'); the attribution its licence asks for is the link rendered below the chart.
      attributionLogo: false,
    },
    grid: { vertLines: { visible: false }, horzLines: { color: colors.grid } },
    rightPriceScale: { borderVisible: false, entireTextOnly: true, scaleMargins },
  };
}

/** `#rrggbb` (or `#rgb`) with an alpha, as rgba(); any other colour is returned as it is. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  const full = hex.length === 3 ? [...hex].map((d) => d + d).join("") : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/**
 * The document's colour convention (`data-price-colors`), followed while mounted: a canvas drawn in the
 * theme's colours draws again when rises and falls swap colours.
 */
export function usePriceColorsAttribute(root: HTMLElement = document.documentElement): string | undefined {
  return useSyncExternalStore(
    (onChange) => {
      const observer = new MutationObserver(onChange);
      observer.observe(root, { attributes: true, attributeFilter: ["data-price-colors"] });
      return () => observer.disconnect();
    },
    () => root.dataset.priceColors,
  );
}
