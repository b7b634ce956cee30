import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { IpoOffering, IpoSubscription } from "@brokerage/api";
import { exchangeSpec } from "@brokerage/core";
import { formatDateTime, formatDateTimeIn } from "../../../lib/format";
import { formatPrice, localName, trendOf } from "../../../lib/quote";
import { useCatalogueNames } from "../api/ipo";

/** The instrument's catalogue name in the UI language (the English one until its names arrive). */
export function useIpoName(item: Pick<IpoOffering, "symbol" | "name"> & { exchange?: string }): string {
  const { i18n } = useTranslation();
  const names = useCatalogueNames(item.symbol, item.exchange).data;
  return localName(names, i18n.language, item.name);
}

/** The issue market's name in the UI language (its code when the app has no name for it). */
export const marketName = (t: TFunction, market: string) =>
  t(`market.marketCodes.${market}`, { defaultValue: market });

/** An instant of the wire as spec §9 writes it. */
export const dateText = (at: string) => formatDateTime(new Date(at));

/** An instant in the offering's exchange time, naming the zone (a market thing: DESIGN §5a). */
export const exchangeDateText = (at: string, exchange: string) => {
  const zone = exchangeSpec(exchange)?.calendar.timeZone;
  return zone === undefined ? dateText(at) : formatDateTimeIn(new Date(at), zone);
};

/**
 * The underwriting price, and whether it is provisional (with the exchange time it becomes final) or was
 * (the provisional price it replaced).
 */
export function PriceText({
  offering,
}: {
  offering: Pick<
    IpoOffering,
    "price" | "currency" | "exchange" | "provisionalPrice" | "priceFinalAt" | "priceProvisional"
  >;
}) {
  const { t } = useTranslation();
  const { currency, provisionalPrice, priceFinalAt } = offering;
  const note =
    offering.priceProvisional && priceFinalAt !== null
      ? t("ipo.provisional", { time: exchangeDateText(priceFinalAt, offering.exchange) })
      : provisionalPrice !== null
        ? t("ipo.provisionalWas", { price: formatPrice(provisionalPrice), currency })
        : null;
  return (
    <>
      {`${formatPrice(offering.price)} ${currency}`}
      {note !== null && (
        <span className={`ipo-price-note${offering.priceProvisional ? " ipo-price-note--provisional" : ""}`}>
          {note}
        </span>
      )}
    </>
  );
}

/** Where the offering is: upcoming, to subscribe, closed awaiting the draw, drawn, listed, cancelled. */
export function IpoStatusChip({ status }: { status: IpoOffering["status"] }) {
  const { t } = useTranslation();
  return <span className={`ipo-chip ipo-chip--${status}`}>{t(`ipo.status.${status}`)}</span>;
}

/** A subscription's state, with its own colour (won and awaiting payment stands out). */
export function SubscriptionStateChip({ state }: { state: IpoSubscription["state"] }) {
  const { t } = useTranslation();
  return <span className={`ipo-chip ipo-chip--${state}`}>{t(`ipo.state.${state}`)}</span>;
}

/**
 * The grey-market price difference, with the pre-listing gain rate unless `withRate` is off, red up and green
 * down (spec §9); a dash without a market price.
 */
export function PremiumText({
  offering,
  withRate = true,
}: {
  offering: Pick<IpoOffering, "priceDifference" | "premiumRate">;
  withRate?: boolean;
}) {
  const { priceDifference, premiumRate } = offering;
  if (priceDifference === null) return <span className="ipo-trend ipo-trend--flat">—</span>;
  const trend = trendOf(priceDifference);
  const sign = trend === "up" ? "+" : "";
  return (
    <span className={`ipo-trend ipo-trend--${trend}`}>
      {sign}
      {formatPrice(priceDifference)}
      {withRate && premiumRate !== null && ` (${sign}${premiumRate}%)`}
    </span>
  );
}

/** The pre-listing gain rate alone, signed and coloured. */
export function GainRate({ rate }: { rate: string | null }) {
  if (rate === null) return <span className="ipo-trend ipo-trend--flat">—</span>;
  const trend = trendOf(rate);
  return (
    <span className={`ipo-trend ipo-trend--${trend}`}>
      {trend === "up" ? "+" : ""}
      {rate}%
    </span>
  );
}

/** When the offering opens (upcoming), its deadline (open), or its next date after that. */
export function WindowText({ offering }: { offering: IpoOffering }) {
  const { t } = useTranslation();
  switch (offering.status) {
    case "upcoming":
      return <>{t("ipo.opensAt", { time: dateText(offering.opensAt) })}</>;
    case "open":
      return <>{t("ipo.deadlineAt", { time: dateText(offering.closesAt) })}</>;
    case "closed":
      return <>{t("ipo.drawOn", { time: dateText(offering.drawAt) })}</>;
    case "drawn":
      return <>{t("ipo.listingOn", { time: dateText(offering.listingAt) })}</>;
    case "listed":
      return <>{t("ipo.listedOn", { time: dateText(offering.listingAt) })}</>;
    case "cancelled":
      return <>{t("ipo.cancelledNote")}</>;
  }
}
