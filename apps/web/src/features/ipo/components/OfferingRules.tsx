import { useTranslation } from "react-i18next";
import type { IpoOfferingDetail } from "@brokerage/api";
import { sharesText } from "../offering";
import { AllocationRuleText } from "./DrawTerms";
import { dateText } from "./OfferingBits";

/** The rules a user reads before subscribing (spec §5 and the contract's life of a subscription). */
export function OfferingRules({ offering }: { offering: IpoOfferingDetail }) {
  const { t } = useTranslation();
  const min = sharesText(offering.minQuantity);
  return (
    <ul className="form__rules" aria-label={t("ipo.rulesTitle")}>
      <li>{t("ipo.rules.whole", { min })}</li>
      <li>
        {offering.maxQuantity === null
          ? t("ipo.rules.noMax")
          : t("ipo.rules.max", { max: sharesText(offering.maxQuantity) })}
      </li>
      <li>{t("ipo.rules.limit", { count: offering.subscriptionLimit })}</li>
      <li>{t("ipo.rules.balance", { currency: offering.currency })}</li>
      <li>
        <AllocationRuleText offering={offering} />
      </li>
      <li>{t("ipo.rules.pay", { time: dateText(offering.paymentDueAt) })}</li>
      <li>{t("ipo.rules.listing", { time: dateText(offering.listingAt) })}</li>
    </ul>
  );
}
