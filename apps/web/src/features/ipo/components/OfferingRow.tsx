import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { IpoOffering } from "@brokerage/api";
import { formatPrice } from "../../../lib/quote";
import { RowMain } from "../../trade";
import { pluralOf, saveOfferingId, sharesText } from "../offering";
import { IpoStatusChip, PremiumText, WindowText, marketName, useIpoName } from "./OfferingBits";

/**
 * One offering: the instrument and its market, the underwriting price against the market price with the
 * difference and pre-listing gain rate, the minimum, and its window or next date. Tapping remembers the
 * offering and opens its subscription screen.
 */
export function OfferingRow({ offering }: { offering: IpoOffering }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = useIpoName(offering);
  const open = () => {
    saveOfferingId(offering.id);
    void navigate("/home/newStockBuy");
  };
  return (
    <li className="trade-row">
      <RowMain
        name={name}
        code={offering.symbol}
        chip={<IpoStatusChip status={offering.status} />}
        label={t("ipo.detailOf", { name, code: offering.symbol })}
        onOpen={open}
      >
        <span className="ipo-row__price">
          {t("ipo.priceShort")} {formatPrice(offering.price)} {offering.currency}
          {offering.priceProvisional && <span className="ipo-row__market">{t("ipo.provisionalShort")}</span>}
          <span className="ipo-row__market">{marketName(t, offering.market)}</span>
        </span>
        <span className="trade-row__grid">
          <span>
            {t("ipo.marketPrice")} {offering.marketPrice ? formatPrice(offering.marketPrice) : "—"}
          </span>
          <span>
            {t("ipo.difference")} <PremiumText offering={offering} />
          </span>
          <span>
            {t("ipo.minShares", {
              count: pluralOf(offering.minQuantity),
              shares: sharesText(offering.minQuantity),
            })}
          </span>
          <span>
            <WindowText offering={offering} />
          </span>
        </span>
      </RowMain>
    </li>
  );
}
