import { useTranslation } from "react-i18next";
import type { IpoOfferingDetail } from "@brokerage/api";
import { sharesText } from "../offering";
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
      <li>{t("ipo.rules.lottery")}</li>
      <li>{t("ipo.rules.pay", { time: dateText(offering.paymentDueAt) })}</li>
      <li>{t("ipo.rules.listing", { time: dateText(offering.listingAt) })}</li>
    </ul>
  );
}

/**
 * The lottery's fairness: the SHA-256 of the seed, published from the start, and the seed itself once
 * drawn, with how a subscription's place in the draw follows from it, so anyone can repeat the draw.
 */
export function DrawFairness({ offering }: { offering: Pick<IpoOfferingDetail, "seedHash" | "seed"> }) {
  const { t } = useTranslation();
  return (
    <section className="card ipo-fairness" aria-label={t("ipo.fairnessTitle")}>
      <h2 className="ipo-title">{t("ipo.fairnessTitle")}</h2>
      <p className="ipo-fairness__text">{t("ipo.fairnessText")}</p>
      <dl className="ipo-hashes">
        <dt>{t("ipo.seedHash")}</dt>
        <dd>
          <code>{offering.seedHash}</code>
        </dd>
        <dt>{t("ipo.seed")}</dt>
        <dd>{offering.seed === null ? t("ipo.seedPending") : <code>{offering.seed}</code>}</dd>
      </dl>
    </section>
  );
}
