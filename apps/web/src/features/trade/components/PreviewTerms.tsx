import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { ChargeLine, OrderPreview } from "@brokerage/api";
import { formatMoneySafe } from "../../../lib/money";
import { formatPrice } from "../../../lib/quote";
import { ChargeRows } from "./ChargeLines";

/**
 * The cost of the order (price, margin, fee with each of its components, total) and the available balance,
 * in the settlement currency; then what closing at this price would charge, component by component.
 */
export function PreviewTerms({
  preview,
  exchangeLink = false,
}: {
  preview: OrderPreview;
  exchangeLink?: boolean;
}) {
  const { t } = useTranslation();
  const { currency } = preview;
  return (
    <dl className="trade-terms">
      <div>
        <dt>{t("trade.price")}</dt>
        <dd>
          {formatPrice(preview.price)} {currency}
        </dd>
      </div>
      <div>
        <dt>{t("trade.notional")}</dt>
        <dd>
          {formatMoneySafe(preview.notional)} {currency}
        </dd>
      </div>
      <CostRows
        currency={currency}
        margin={preview.margin}
        fee={preview.fee}
        charges={preview.charges}
        total={preview.total}
        available={preview.available}
        exchangeLink={exchangeLink}
      />
      {preview.closeCharges.length > 0 && (
        <>
          <div className="trade-terms__group">
            <dt>{t("trade.closeCharges")}</dt>
            <dd />
          </div>
          <ChargeRows lines={preview.closeCharges} currency={currency} />
        </>
      )}
    </dl>
  );
}

/**
 * What an order holds and what there is to hold it with, in the settlement currency: margin, fee, the
 * total (in bold) and the available balance, with a way to exchange into the currency when asked.
 */
export function CostRows({
  currency,
  margin,
  fee,
  charges,
  total,
  available,
  exchangeLink,
}: {
  currency: string;
  margin: string;
  fee: string;
  /** The fee's components, listed under it (a single commission line is not repeated). */
  charges?: ChargeLine[];
  total: string;
  available: string;
  exchangeLink: boolean;
}) {
  const { t } = useTranslation();
  const amount = (value: string) => `${formatMoneySafe(value)} ${currency}`;
  return (
    <>
      <div>
        <dt>{t("trade.margin")}</dt>
        <dd>{amount(margin)}</dd>
      </div>
      <div>
        <dt>{t("trade.fee")}</dt>
        <dd>{amount(fee)}</dd>
      </div>
      {charges && charges.length > 1 && <ChargeRows lines={charges} currency={currency} />}
      <div className="trade-terms__total">
        <dt>{t("trade.total")}</dt>
        <dd>{amount(total)}</dd>
      </div>
      <AvailableRow currency={currency} available={available} exchangeLink={exchangeLink} />
    </>
  );
}

/** The available balance of the currency (a dash while unknown), with a way to exchange into it when asked. */
export function AvailableRow({
  currency,
  available,
  exchangeLink,
}: {
  currency: string;
  available: string | null;
  exchangeLink: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <dt>{t("trade.available")}</dt>
      <dd>
        {available === null ? "—" : `${formatMoneySafe(available)} ${currency}`}
        {exchangeLink && (
          <>
            {" "}
            <Link to={`/information/exChange?to=${currency}`} className="trade-terms__link">
              {t("trade.exchangeLink", { currency })}
            </Link>
          </>
        )}
      </dd>
    </div>
  );
}
