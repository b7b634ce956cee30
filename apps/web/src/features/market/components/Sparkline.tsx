import type { Candle } from "@brokerage/api";

/** A tiny trend line of closes (home index cards): no axes, coloured by the direction of the period. */
export function Sparkline({ candles, trend }: { candles: Candle[]; trend: "up" | "down" | "flat" }) {
  const closes = candles.map((c) => Number(c.close));
  if (closes.length < 2) return <svg className="sparkline" viewBox="0 0 100 32" aria-hidden="true" />;
  const min = Math.min(...closes);
  const max = Math.max(...closes);
  const span = max - min || 1;
  const points = closes.map(
    (v, i) => `${((i / (closes.length - 1)) * 100).toFixed(2)},${(30 - ((v - min) / span) * 28).toFixed(2)}`,
  );
  const line = `M${points.join(" L")}`;
  return (
    <svg
      className={`sparkline sparkline--${trend}`}
      viewBox="0 0 100 32"
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      <path className="sparkline__area" d={`${line} L100,32 L0,32 Z`} />
      <path className="sparkline__line" d={line} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
