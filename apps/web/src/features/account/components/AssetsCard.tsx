import { useId, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { AccountOverview, Currency } from "@brokerage/api";
import { ErrorState } from "../../../components/ErrorState";
import { LoadingState } from "../../../components/LoadingState";
import { Icon } from "../../../components/icons";
import { formatMoneySafe } from "../../../lib/money";
import { WalletSheet } from "./WalletSheet";

/** The spec §1 switch: USD and Thai baht; every other wallet is in the sheet. */
const SWITCH: Currency[] = ["USD", "THB"];

interface OverviewQuery {
  data: AccountOverview | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Spec §9: a gain is red, a loss green. */
const trend = (value: string) => (value.startsWith("-") ? "fall" : /[1-9]/.test(value) ? "rise" : "flat");

/**
 * The account centre's assets (spec §2): total, available, profit and frozen funds in the display
 * currency, the USD / THB switch, and the other wallets one tap away. The profit is the total less the net
 * deposits (DESIGN §5a), which the note under it names; the portfolio is one tap away.
 */
export function AssetsCard({
  overview,
  currency,
  onCurrency,
}: {
  overview: OverviewQuery;
  currency: Currency;
  onCurrency: (currency: Currency) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [sheet, setSheet] = useState(false);
  const data = overview.data;
  const other = !SWITCH.includes(currency);
  return (
    <section className="assets card card--brand" aria-labelledby={titleId} aria-busy={overview.isPending}>
      <div className="assets__head">
        <h2 id={titleId} className="assets__title">
          {t("accountCentre.totalAssets", { currency })}
        </h2>
        <div className="assets__switch" role="radiogroup" aria-label={t("accountCentre.displayCurrency")}>
          {SWITCH.map((code) => (
            <button
              key={code}
              type="button"
              role="radio"
              aria-checked={currency === code}
              className={`assets__switch-item${currency === code ? " assets__switch-item--on" : ""}`}
              onClick={() => onCurrency(code)}
            >
              {code}
            </button>
          ))}
          <button
            type="button"
            className={`assets__switch-item${other ? " assets__switch-item--on" : ""}`}
            aria-haspopup="dialog"
            aria-label={t("accountCentre.otherWallets")}
            onClick={() => setSheet(true)}
          >
            {other ? currency : t("accountCentre.more")}
            <Icon name="chevron" className="assets__switch-chevron" />
          </button>
        </div>
      </div>
      {data ? (
        <>
          <p className="assets__total">{formatMoneySafe(data.total)}</p>
          <dl className="assets__figures">
            <div>
              <dt>{t("accountCentre.available")}</dt>
              <dd>{formatMoneySafe(data.available)}</dd>
            </div>
            <div>
              <dt>{t("accountCentre.profit")}</dt>
              <dd className={`assets__profit assets__profit--${trend(data.profit)}`}>
                {formatMoneySafe(data.profit)}
              </dd>
            </div>
            <div>
              <dt>{t("accountCentre.frozen")}</dt>
              <dd>{formatMoneySafe(data.frozen)}</dd>
            </div>
          </dl>
          <p className="assets__note">
            {t("accountCentre.profitNote", { amount: formatMoneySafe(data.netDeposits) })}
          </p>
          <Link className="assets__portfolio" to="/information/portfolio">
            <Icon name="chart" />
            <span>{t("accountCentre.toPortfolio")}</span>
            <Icon name="chevron" className="assets__portfolio-chevron" />
          </Link>
          {data.unconverted.length > 0 && (
            <p className="assets__note">
              {t("accountCentre.unconverted", { currencies: data.unconverted.join(", ") })}
            </p>
          )}
        </>
      ) : overview.isPending ? (
        <LoadingState />
      ) : (
        <ErrorState onRetry={() => void overview.refetch()} />
      )}
      <WalletSheet
        open={sheet}
        wallets={data?.wallets ?? []}
        display={currency}
        onChoose={(code) => {
          setSheet(false);
          onCurrency(code);
        }}
        onClose={() => setSheet(false)}
      />
    </section>
  );
}
