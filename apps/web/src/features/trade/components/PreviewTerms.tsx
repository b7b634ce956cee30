import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { OrderPreview } from "@brokerage/api";
import { formatMoneySafe } from "../../../lib/money";
import { formatPrice } from "../../market/quote";

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
  const amount = (value: string) => `${formatMoneySafe(value)} ${currency}`;
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
        <dd>{amount(preview.notional)}</dd>
      </div>
      <div>
        <dt>{t("trade.margin")}</dt>
        <dd>{amount(preview.margin)}</dd>
      </div>
      <div>
        <dt>{t("trade.fee")}</dt>
        <dd>{amount(preview.fee)}</dd>
      </div>
      <div className="trade-terms__total">
        <dt>{t("trade.total")}</dt>
        <dd>{amount(preview.total)}</dd>
      </div>
      <div>
        <dt>{t("trade.available")}</dt>
        <dd>
          {amount(preview.available)}
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
    </dl>
  );
}
