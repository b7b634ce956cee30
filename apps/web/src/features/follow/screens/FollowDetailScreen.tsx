import "../../trade/trade.css";
import "../../market/market.css";
import "../../account/account.css";
import "../follow.css";
import { useMemo } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { FollowProductDetail } from "@brokerage/api";
import { EmptyCard } from "../../../components/EmptyState";
import { QueryView } from "../../../components/QueryView";
import { Refreshable } from "../../../components/Refreshable";
import { Screen } from "../../../components/Screen";
import { TermList } from "../../../components/TermList";
import { EquityChart } from "../../../components/EquityChart";
import { formatAmount } from "../../records";
import { RiskWarning } from "../../risk";
import { FOLLOW_KEY, useFollowProduct } from "../api/follow";
import { BuyForm } from "../components/BuyForm";
import {
  Change,
  CostsTerms,
  RiskBadge,
  RiskTerms,
  StatusChip,
  copierText,
  measuredRows,
  navText,
  termsRows,
  timeText,
} from "../components/parts";
import { navChartPoints, readProductId, signedPercent } from "../product";

/**
 * /home/fllowDetail: one product's record, every figure measured from its real portfolio: the NAV chart,
 * the NAV and the last day's change, drawdowns by period, the risk score with its formula, the copiers'
 * own results, what the leader and the platform are paid, the portfolio's positions, the terms, and the
 * buy form (its costs and the risk warning before acting).
 */
export default function FollowDetailScreen() {
  const { t } = useTranslation();
  const id = useMemo(() => readProductId(), []);
  const product = useFollowProduct(id);
  const queryClient = useQueryClient();
  return (
    <Screen title={t("title.home.fllowDetail")}>
      {id === null ? (
        <EmptyCard text={t("follow.noProduct")} to="/home/fllow" link={t("follow.toProducts")} />
      ) : (
        <Refreshable
          onRefresh={() => queryClient.refetchQueries({ queryKey: [...FOLLOW_KEY, "product", id] })}
        >
          <QueryView query={product}>{(detail) => <Detail product={detail} />}</QueryView>
        </Refreshable>
      )}
    </Screen>
  );
}

function Detail({ product }: { product: FollowProductDetail }) {
  const { t, i18n } = useTranslation();
  const points = useMemo(
    () =>
      navChartPoints(product.navSeries, product.navAt ? { at: product.navAt, nav: product.nav } : undefined),
    [product.navSeries, product.navAt, product.nav],
  );
  const m = (value: string) => `${formatAmount(value, product.currency)} ${product.currency}`;
  return (
    <div className="follow-detail">
      <section className="card follow-card" aria-label={t("follow.about")}>
        <p className="trade-form__stock follow-head">
          <span>
            {product.name}{" "}
            <span className="trade-row__code">{t("follow.byLeader", { leader: product.leaderName })}</span>
          </span>
          <StatusChip status={product.status} />
        </p>
        <p className="follow-nav">
          <span className="follow-nav__value">
            {navText(product.nav)} {product.currency}
          </span>
          <Change value={product.dailyChange.change} />
        </p>
        <p className="follow-note">
          {product.dailyChange.from && product.dailyChange.to
            ? t("follow.dailyMeasured", {
                from: timeText(product.dailyChange.from),
                to: timeText(product.dailyChange.to),
              })
            : t("follow.dailyNone")}
        </p>
        {product.closeReason && (
          <p className="follow-note follow-note--strong">
            {t("follow.closedBecause", { reason: product.closeReason })}
          </p>
        )}
        <p className="follow-strategy">{product.strategy}</p>
      </section>

      <section className="card follow-card" aria-label={t("follow.chartTitle")}>
        <h2 className="follow-card__title">{t("follow.chartTitle")}</h2>
        {points.length > 0 ? (
          <EquityChart
            points={points}
            label={t("follow.chartLabel", { currency: product.currency })}
            zoneNote={t("follow.chartZone")}
            busy={false}
            locale={i18n.language}
          />
        ) : (
          <p className="follow-note">{t("follow.chartNone")}</p>
        )}
      </section>

      <section className="card follow-card" aria-label={t("follow.measured")}>
        <h2 className="follow-card__title">{t("follow.measured")}</h2>
        <TermList className="follow-terms" rows={measuredRows(product, t)} />
        <h3 className="follow-card__subtitle">{t("follow.drawdowns")}</h3>
        <TermList
          className="follow-terms"
          rows={product.drawdowns.map((d) => ({
            label: t(`follow.period.${d.period}`),
            value: signedPercent(d.maxDrawdown),
          }))}
        />
      </section>

      <section className="card follow-card" aria-label={t("follow.riskTitle")}>
        <h2 className="follow-card__title">
          {t("follow.riskTitle")} <RiskBadge score={product.risk.score} />
        </h2>
        <RiskTerms risk={product.risk} />
      </section>

      <section className="card follow-card" aria-label={t("follow.copiersTitle")}>
        <h2 className="follow-card__title">{t("follow.copiersTitle")}</h2>
        <p className="follow-note">{t("follow.warningDiffer")}</p>
        <TermList
          className="follow-terms"
          rows={product.copierResults.map((r) => ({
            label: t(`follow.period.${r.period}`),
            value: copierText(r, t),
          }))}
        />
        <RiskWarning product={`copy:${product.id}`} name={product.name} />
      </section>

      <section className="card follow-card" aria-label={t("follow.costsTitle")}>
        <h2 className="follow-card__title">{t("follow.costsTitle")}</h2>
        <CostsTerms fees={product.fees} currency={product.currency} />
      </section>

      <section className="card follow-card" aria-label={t("follow.portfolioTitle")}>
        <h2 className="follow-card__title">{t("follow.portfolioTitle")}</h2>
        <TermList
          className="follow-terms"
          rows={[
            { label: t("follow.cash"), value: m(product.portfolio.cash) },
            { label: t("follow.positionsValue"), value: m(product.portfolio.positionsValue) },
            { label: t("follow.portfolioValue"), value: m(product.portfolio.value), strong: true },
          ]}
        />
        {product.portfolio.positions.length === 0 ? (
          <p className="follow-note">{t("follow.noPositions")}</p>
        ) : (
          <ul className="follow-positions" aria-label={t("follow.positions")}>
            {product.portfolio.positions.map((p, index) => (
              <li key={`${p.symbol}-${p.direction}-${index}`}>
                <span className="follow-positions__name">
                  {p.name} <span className="trade-row__code">{p.symbol}</span>
                </span>
                <span>
                  {t(`trade.direction.${p.direction}`)} · {p.quantity} · {p.leverage}×
                </span>
                <span>{p.marketValue === null ? "—" : m(p.marketValue)}</span>
                <span className={`follow-change follow-change--${p.pnl?.startsWith("-") ? "down" : "up"}`}>
                  {p.pnl === null ? "—" : t("follow.positionPnl", { pnl: m(p.pnl) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card follow-card" aria-label={t("follow.termsTitle")}>
        <h2 className="follow-card__title">{t("follow.termsTitle")}</h2>
        <TermList className="follow-terms" rows={termsRows(product, t)} />
      </section>

      <BuyForm product={product} />
    </div>
  );
}
