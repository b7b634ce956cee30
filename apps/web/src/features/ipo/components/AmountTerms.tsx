import { useTranslation } from "react-i18next";
import { formatMoneySafe } from "../../../lib/money";
import { formatPrice } from "../../../lib/quote";
import { AvailableRow } from "../../trade";

/**
 * What a subscription or payment comes to, in the offering's currency: the underwriting price, the shares,
 * the amount (in bold) and the available balance, with a way to exchange into the currency when asked; for
 * a payment, what the subscription holds to pay it from instead of the available balance.
 */
export function AmountTerms({
  price,
  shares,
  amount,
  currency,
  available,
  exchangeLink = false,
  held,
}: {
  price: string;
  shares: string;
  amount: string | null;
  currency: string;
  available: string | null;
  exchangeLink?: boolean;
  /** What the subscription holds: shown in place of the available balance. */
  held?: string;
}) {
  const { t } = useTranslation();
  const m = (value: string | null) => (value === null ? "—" : `${formatMoneySafe(value)} ${currency}`);
  return (
    <dl className="trade-terms">
      <div>
        <dt>{t("ipo.price")}</dt>
        <dd>
          {formatPrice(price)} {currency}
        </dd>
      </div>
      <div>
        <dt>{t("ipo.quantity")}</dt>
        <dd>{shares}</dd>
      </div>
      <div className="trade-terms__total">
        <dt>{t("ipo.amount")}</dt>
        <dd>{m(amount)}</dd>
      </div>
      {held === undefined ? (
        <AvailableRow currency={currency} available={available} exchangeLink={exchangeLink} />
      ) : (
        <div>
          <dt>{t("ipo.heldFor")}</dt>
          <dd>{m(held)}</dd>
        </div>
      )}
    </dl>
  );
}
