import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { PlacementOffer } from "@brokerage/api";
import { formatPrice } from "../../../lib/quote";
import { StatusChip, WindowText } from "../../block-trade";
import { RowMain } from "../../trade";
import { savePlacementId } from "../offer";
import { AmountRange, EligibilityText, KindChip, LockText } from "./OfferParts";

/**
 * One offer: the instrument, its kind, the fixed price against the market's, the amount per subscription,
 * the window, who may apply and the lock. Tapping opens the offer and its subscription form.
 */
export function PlacementOfferRow({ offer }: { offer: PlacementOffer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = () => {
    savePlacementId(offer.id);
    navigate("/home/newStockPsBuy");
  };
  return (
    <li className="trade-row">
      <RowMain
        name={offer.name}
        code={offer.symbol}
        chip={<StatusChip status={offer.status} />}
        label={t("placement.detailOf", { name: offer.name, code: offer.symbol })}
        onOpen={open}
      >
        <span className="block-row__price">
          {formatPrice(offer.price)} {offer.currency}
          <span className="placement-row__kind">
            <KindChip kind={offer.kind} />
          </span>
        </span>
        <span className="trade-row__grid">
          <span>
            {t("blockTrade.livePrice")} {offer.livePrice ? formatPrice(offer.livePrice) : "—"}
          </span>
          <span>
            <AmountRange offer={offer} />
          </span>
          <span>
            <WindowText offer={offer} />
          </span>
          <span>
            <LockText lockDays={offer.lockDays} />
          </span>
        </span>
        <span className="block-row__key">
          <EligibilityText offer={offer} />
        </span>
      </RowMain>
    </li>
  );
}
