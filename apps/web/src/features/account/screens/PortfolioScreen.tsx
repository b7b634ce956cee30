import "../../market/market.css";
import "../account.css";
import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { PORTFOLIO_RANGES } from "@brokerage/api/constants";
import type { Currency, Portfolio, PortfolioRange } from "@brokerage/api";
import { money } from "@brokerage/core";
import { ChipTabs } from "../../../components/ChipTabs";
import { ErrorState } from "../../../components/ErrorState";
import { LoadingState } from "../../../components/LoadingState";
import { Refreshable } from "../../../components/Refreshable";
import { Screen } from "../../../components/Screen";
import { formatDateTime } from "../../../lib/format";
import { formatMoneySafe } from "../../../lib/money";
import { useDisplayCurrency } from "../api/overview";
import { usePortfolio } from "../api/portfolio";
import { EquityChart } from "../../../components/EquityChart";

/** The spec §1 switch of the account centre: USD and Thai baht (the display currency is shared with it). */
const SWITCH: Currency[] = ["USD", "THB"];

/** Spec §9: a gain is red ("rise"), a loss green. */
const trend = (value: string) => (value.startsWith("-") ? "down" : /[1-9]/.test(value) ? "up" : "flat");
/** A gain with its plus, a loss with its minus, nothing either way unsigned. */
const signed = (value: string) =>
  (value.startsWith("-") || !/[1-9]/.test(value) ? "" : "+") + formatMoneySafe(value);

/**
 * /information/portfolio (DESIGN §4.1 `account/portfolio`): the equity now with today's and the total P&L,
 * the equity day by day over a chosen range, where the P&L comes from (closed and open positions, each net
 * of its costs, and the rest) with the costs paid, and where the equity is by market and currency. Reached
 * from the account centre and the home screen's holdings. Pull to refresh.
 *
 * Its states: loading; failed (a retry); empty (no money ever: the way to a deposit); one day (a new
 * account: today's figure, and a word that the chart grows a point each day); and the chart.
 */
export default function PortfolioScreen() {
  const { t, i18n } = useTranslation();
  const [currency, setCurrency] = useDisplayCurrency();
  const [range, setRange] = useState<PortfolioRange>("1M");
  const query = usePortfolio(currency, range);
  const data = query.data;
  return (
    <Screen title={t("title.information.portfolio")}>
      <Refreshable onRefresh={() => query.refetch()}>
        <div className="portfolio">
          <div
            className="assets__switch portfolio__switch"
            role="radiogroup"
            aria-label={t("accountCentre.displayCurrency")}
          >
            {[...new Set([...SWITCH, currency])].map((code) => (
              <button
                key={code}
                type="button"
                role="radio"
                aria-checked={currency === code}
                className={`portfolio__switch-item${currency === code ? " portfolio__switch-item--on" : ""}`}
                onClick={() => setCurrency(code)}
              >
                {code}
              </button>
            ))}
          </div>
          {data ? (
            <Figures
              data={data}
              range={range}
              busy={query.isFetching}
              locale={i18n.language}
              onRange={setRange}
            />
          ) : query.isPending ? (
            <section className="card">
              <LoadingState />
            </section>
          ) : (
            <section className="card">
              <ErrorState onRetry={() => void query.refetch()} />
            </section>
          )}
        </div>
      </Refreshable>
    </Screen>
  );
}

function Figures({
  data,
  range,
  busy,
  locale,
  onRange,
}: {
  data: Portfolio;
  /** The range chosen (the figures may still be the last range's while its own load). */
  range: PortfolioRange;
  busy: boolean;
  locale: string;
  onRange: (range: PortfolioRange) => void;
}) {
  const { t } = useTranslation();
  const now = data.equity.at(-1)?.value ?? "0";
  const empty = data.equity.length <= 1 && money(now).isZero() && money(data.netDeposits).isZero();
  if (empty)
    return (
      <section className="card portfolio__empty">
        <p>{t("portfolio.empty")}</p>
        <Link className="portfolio__action" to="/information/recharge">
          {t("portfolio.deposit")}
        </Link>
      </section>
    );
  const currency = data.currency;
  const cash = (value: string) => `${formatMoneySafe(value)} ${currency}`;
  return (
    <>
      <section className="card portfolio__head" aria-labelledby="portfolio-equity">
        <h2 id="portfolio-equity" className="portfolio__label">
          {t("portfolio.equity", { currency })}
        </h2>
        <p className="portfolio__equity">{formatMoneySafe(now)}</p>
        <dl className="portfolio__pnl">
          <div>
            <dt>{t("portfolio.dayPnl")}</dt>
            <dd className={`trend--${trend(data.dayPnl)}`}>{signed(data.dayPnl)}</dd>
          </div>
          <div>
            <dt>{t("portfolio.totalPnl")}</dt>
            <dd className={`trend--${trend(data.totalPnl)}`}>{signed(data.totalPnl)}</dd>
          </div>
        </dl>
        {data.unconverted.length > 0 && (
          <p className="portfolio__note">
            {t("accountCentre.unconverted", { currencies: data.unconverted.join(", ") })}
          </p>
        )}
      </section>

      <section className="card portfolio__chart" aria-labelledby="portfolio-chart">
        <h2 id="portfolio-chart" className="card__title">
          {t("portfolio.chartTitle")}
        </h2>
        <ChipTabs
          role="radio"
          label={t("portfolio.range.label")}
          className="portfolio__ranges"
          options={PORTFOLIO_RANGES.map((key) => ({ key, label: t(`portfolio.range.${key}`) }))}
          value={range}
          onChange={onRange}
        />
        {data.equity.length > 1 ? (
          <div className="portfolio__canvas">
            <EquityChart
              points={data.equity}
              label={t("portfolio.chartLabel", { range: t(`portfolio.range.${data.range}`), currency })}
              zoneNote={t("portfolio.zoneNote", { zone: data.timeZone })}
              busy={busy}
              locale={locale}
            />
          </div>
        ) : (
          <p className="portfolio__one-day">{t("portfolio.oneDay", { zone: data.timeZone })}</p>
        )}
      </section>

      <section className="card portfolio__breakdown" aria-labelledby="portfolio-breakdown">
        <h2 id="portfolio-breakdown" className="card__title">
          {t("portfolio.breakdown.title")}
        </h2>
        <dl className="portfolio__rows">
          <Row label={t("portfolio.breakdown.realised")} value={data.realised} signedValue />
          <Row label={t("portfolio.breakdown.unrealised")} value={data.unrealised} signedValue />
          <Row label={t("portfolio.breakdown.other")} value={data.other} signedValue />
          <Row label={t("portfolio.breakdown.total")} value={data.totalPnl} signedValue strong />
        </dl>
        <p className="portfolio__note">
          {t("portfolio.breakdown.formula", { equity: cash(now), deposits: cash(data.netDeposits) })}
        </p>
        <dl className="portfolio__rows">
          <Row label={t("portfolio.breakdown.costs")} value={data.costs} />
          <Row label={t("portfolio.breakdown.netDeposits")} value={data.netDeposits} />
        </dl>
      </section>

      <Allocation data={data} />
      <p className="footnote portfolio__asof">
        {t("portfolio.asOf", { time: formatDateTime(new Date(data.asOf)), currency })}
      </p>
    </>
  );
}

function Row({
  label,
  value,
  signedValue = false,
  strong = false,
}: {
  label: string;
  value: string;
  signedValue?: boolean;
  strong?: boolean;
}) {
  return (
    <div className={strong ? "portfolio__row--strong" : undefined}>
      <dt>{label}</dt>
      <dd className={signedValue ? `trend--${trend(value)}` : undefined}>
        {signedValue ? signed(value) : formatMoneySafe(value)}
      </dd>
    </div>
  );
}

/** Where the equity is: each slice's value, its share of the equity, and a bar of that length. */
function Allocation({ data }: { data: Portfolio }) {
  const { t } = useTranslation();
  const total = data.allocation.reduce((sum, s) => sum.plus(s.value), money(0));
  return (
    <section className="card portfolio__allocation" aria-labelledby="portfolio-allocation">
      <h2 id="portfolio-allocation" className="card__title">
        {t("portfolio.allocation.title")}
      </h2>
      {data.allocation.length === 0 || !total.greaterThan(0) ? (
        <p className="portfolio__note">{t("portfolio.allocation.empty")}</p>
      ) : (
        <ul className="portfolio__slices">
          {data.allocation.map((slice) => {
            const share = money(slice.value).div(total).times(100);
            const name =
              slice.kind === "cash"
                ? t("portfolio.allocation.cash", { currency: slice.currency })
                : t("portfolio.allocation.positions", {
                    market: t(`market.marketCodes.${slice.market ?? ""}`),
                    currency: slice.currency,
                  });
            return (
              <li key={`${slice.kind}:${slice.market ?? ""}:${slice.currency}`} className="portfolio__slice">
                <span className="portfolio__slice-name">{name}</span>
                <span className="portfolio__slice-value">
                  {formatMoneySafe(slice.value)} {data.currency}
                  <span className="portfolio__slice-share">
                    {" · "}
                    {t("portfolio.allocation.share", {
                      share: share.isNegative() ? "0.0" : share.toDecimalPlaces(1).toFixed(1),
                    })}
                  </span>
                </span>
                <span className="portfolio__bar" aria-hidden="true">
                  <span
                    className={`portfolio__bar-fill portfolio__bar-fill--${slice.kind}`}
                    style={{ width: `${Math.max(0, Math.min(100, share.toNumber()))}%` }}
                  />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
