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

/** `#rrggbb` (or `#rgb`) with an alpha, as rgba(); any other colour is returned as it is. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  const full = hex.length === 3 ? [...hex].map((d) => d + d).join("") : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
