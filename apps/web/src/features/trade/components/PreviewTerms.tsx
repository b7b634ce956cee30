import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { OrderPreview } from "@brokerage/api";
import { formatMoneySafe } from "../../../lib/money";
import { formatPrice } from "../../../lib/quote";

/** The cost of the order (price, margin, fee, total) and the available balance, in the settlement currency. */
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
        total={preview.total}
        available={preview.available}
        exchangeLink={exchangeLink}
      />
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
  total,
  available,
  exchangeLink,
}: {
  currency: string;
  margin: string;
  fee: string;
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
