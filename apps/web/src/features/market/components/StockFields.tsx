import { useTranslation } from "react-i18next";
import type { Quote } from "@brokerage/api";
import { compactNumber, formatPrice, trendOf } from "../../../lib/quote";

type Row = [key: string, value: string | null, tone?: "up" | "down"];

/** Every stock field of spec §3 that the instrument has (an index has no market cap or short data). */
export function StockFields({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const d = quote.details;
  const price = (v: string | null) => (v === null ? null : formatPrice(v));
  const trends = d.investorTrends;
  const net = (n: number) => `${n > 0 ? "+" : ""}${compactNumber(n, lang)}`;
  const rows: Row[] = [
    ["open", price(quote.open)],
    ["prevClose", price(quote.prev_close)],
    ["high", price(quote.high), "up"],
    ["low", price(quote.low), "down"],
    ["volume", compactNumber(quote.volume, lang)],
    ["turnover", compactNumber(quote.turnover, lang)],
    ["marketCap", quote.marketCap === null ? null : compactNumber(quote.marketCap, lang)],
    ["week52High", price(quote.week52High), "up"],
    ["week52Low", price(quote.week52Low), "down"],
    ["limitUp", price(d.limitUp), "up"],
    ["limitDown", price(d.limitDown), "down"],
    ["foreignOwnership", d.foreignOwnership === null ? null : `${d.foreignOwnership}%`],
    ["shortInterestRatio", d.shortInterestRatio === null ? null : `${d.shortInterestRatio}%`],
    ["shortVolume", d.shortVolume === null ? null : compactNumber(d.shortVolume, lang)],
    [
      "industry",
      d.industry === null ? null : t(`market.industries.${d.industry}`, { defaultValue: d.industry }),
    ],
    // A share trades in board lots; a coin or a pair in steps of its smallest quantity (market/lots.ts).
    ["lotSize", d.kind === "stock" ? String(d.lotSize) : null],
    ["quantityStep", d.kind === "crypto" || d.kind === "forex" ? d.quantityStep : null],
    [
      "marketQuantityStep",
      d.kind === "stock" && d.marketQuantityStep !== null && d.marketQuantityStep !== d.quantityStep
        ? d.marketQuantityStep
        : null,
    ],
  ];
  return (
    <section className="card stock-fields" aria-labelledby="stock-fields-title">
      <h2 id="stock-fields-title" className="card__title">
        {t("market.keyData")}
      </h2>
      <dl className="stock-fields__grid">
        {rows
          .filter((row) => row[1] !== null)
          .map(([key, value, tone]) => (
            <div key={key} className="stock-fields__item">
              <dt>{t(`market.fields.${key}`)}</dt>
              <dd className={tone ? `trend--${tone}` : undefined}>{value}</dd>
            </div>
          ))}
      </dl>
      {trends && (
        <>
          <h3 className="stock-fields__sub">{t("market.fields.investorTrends")}</h3>
          <dl className="stock-fields__grid stock-fields__grid--three">
            {(["individual", "foreign", "institutional"] as const).map((who) => (
              <div key={who} className="stock-fields__item">
                <dt>{t(`market.fields.${who}`)}</dt>
                <dd className={`trend--${trendOf(trends[who])}`}>{net(trends[who])}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
