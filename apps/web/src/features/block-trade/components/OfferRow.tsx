import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { BlockTradeOffer } from "@brokerage/api";
import { formatDateTime, sharesText } from "../../../lib/format";
import { formatPrice } from "../../../lib/quote";
import { RowMain } from "../../trade";
import { saveOfferId } from "../offer";

/** The offer's share limits in a few words: "100–1,000 shares" or "From 100 shares". */
export function SharesRange({ offer }: { offer: Pick<BlockTradeOffer, "minQuantity" | "maxQuantity"> }) {
  const { t } = useTranslation();
  const n = sharesText;
  return (
    <>
      {offer.maxQuantity === null
        ? t("blockTrade.sharesFrom", { min: n(offer.minQuantity) })
        : t("blockTrade.sharesRange", { min: n(offer.minQuantity), max: n(offer.maxQuantity) })}
    </>
  );
}

/** When the offer opens (upcoming) or closes (open, closed). */
export function WindowText({ offer }: { offer: Pick<BlockTradeOffer, "status" | "opensAt" | "closesAt"> }) {
  const { t } = useTranslation();
  return offer.status === "upcoming" ? (
    <>{t("blockTrade.opensAt", { time: formatDateTime(new Date(offer.opensAt)) })}</>
  ) : (
    <>{t("blockTrade.closesAt", { time: formatDateTime(new Date(offer.closesAt)) })}</>
  );
}

export function StatusChip({ status }: { status: BlockTradeOffer["status"] }) {
  const { t } = useTranslation();
  return <span className={`block-chip block-chip--${status}`}>{t(`blockTrade.status.${status}`)}</span>;
}

/**
 * One offer: the instrument, its price against the market's with the discount, the share limits, the
 * window, the lock and whether a key is asked. Tapping opens the offer's detail and subscription form.
 */
export function OfferRow({ offer }: { offer: BlockTradeOffer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = () => {
    saveOfferId(offer.id);
    navigate("/home/blockTrade1");
  };
  return (
    <li className="trade-row">
      <RowMain
        name={offer.name}
        code={offer.symbol}
        chip={<StatusChip status={offer.status} />}
        label={t("blockTrade.detailOf", { name: offer.name, code: offer.symbol })}
        onOpen={open}
      >
        <span className="block-row__price">
          {formatPrice(offer.price)} {offer.currency}
          {offer.discount !== null && (
            <span className="block-row__discount">
              {offer.discount.startsWith("-")
                ? t("blockTrade.premium", { rate: offer.discount.slice(1) })
                : t("blockTrade.discount", { rate: offer.discount })}
            </span>
          )}
        </span>
        <span className="trade-row__grid">
          <span>
            {t("blockTrade.livePrice")} {offer.livePrice ? formatPrice(offer.livePrice) : "—"}
          </span>
          <span>
            <SharesRange offer={offer} />
          </span>
          <span>
            <WindowText offer={offer} />
          </span>
          <span>
            {offer.lockDays > 0
              ? t("blockTrade.lockDays", { count: offer.lockDays })
              : t("blockTrade.noLock")}
          </span>
        </span>
        {offer.secretKeyRequired && <span className="block-row__key">{t("blockTrade.keyRequired")}</span>}
      </RowMain>
    </li>
  );
}
