import { useTranslation } from "react-i18next";
import type { PlacementOffer } from "@brokerage/api";
import { formatMoneySafe } from "../../../lib/money";

/** Placement or capital increase. */
export function KindChip({ kind }: { kind: PlacementOffer["kind"] }) {
  const { t } = useTranslation();
  return <span className={`block-chip placement-chip--${kind}`}>{t(`placement.kinds.${kind}`)}</span>;
}

/** The amount bounds of one subscription: "50,000.00–450,000.00 INR" or "From 50,000.00 INR". */
export function AmountRange({
  offer,
}: {
  offer: Pick<PlacementOffer, "minAmount" | "maxAmount" | "currency">;
}) {
  const { t } = useTranslation();
  const min = formatMoneySafe(offer.minAmount);
  return (
    <>
      {offer.maxAmount === null
        ? t("placement.amountFrom", { min, currency: offer.currency })
        : t("placement.amountRange", {
            min,
            max: formatMoneySafe(offer.maxAmount),
            currency: offer.currency,
          })}
    </>
  );
}

/** Who may apply, in words. */
export function EligibilityText({ offer }: { offer: Pick<PlacementOffer, "eligibility" | "symbol"> }) {
  const { t } = useTranslation();
  return <>{t(`placement.eligibility.${offer.eligibility}`, { symbol: offer.symbol })}</>;
}

/** The lock after allotment, in words. */
export function LockText({ lockDays }: { lockDays: number }) {
  const { t } = useTranslation();
  return <>{lockDays > 0 ? t("blockTrade.lockDays", { count: lockDays }) : t("blockTrade.noLock")}</>;
}
