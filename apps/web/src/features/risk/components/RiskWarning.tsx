import "../risk.css";
import { useTranslation } from "react-i18next";
import type { LossFigure, RiskProduct } from "@brokerage/api";
import { formatDateTimeIn } from "../../../lib/format";
import { useRiskDisclosure } from "../api/risk";

/** A share as a whole percent, as risk warnings state it ("74%"). */
const percentOf = (share: string) => `${Math.round(Number(share) * 100)}%`;
const dayOf = (iso: string) => formatDateTimeIn(new Date(iso), "UTC");

/** The product in words: its translated name, or a copy product's own name. */
function productText(
  t: (key: string, params?: Record<string, unknown>) => string,
  product: RiskProduct,
  name?: string,
) {
  return product.startsWith("copy:")
    ? t("risk.product.copy", { name: name ?? "" })
    : t(`risk.product.${product}`);
}

/** One figure in words: the share and the period, or that no account was counted. */
export function figureText(
  t: (key: string, params?: Record<string, unknown>) => string,
  product: RiskProduct,
  figure: LossFigure,
  name?: string,
) {
  const named = productText(t, product, name);
  return figure.lostShare === null
    ? t("risk.noFigure", { product: named })
    : t("risk.figure", {
        percent: percentOf(figure.lostShare),
        product: named,
        accounts: figure.accounts,
        from: dayOf(figure.from),
        to: dayOf(figure.to),
      });
}

/**
 * The risk warning of a product (DESIGN §5a, ESMA's provider-specific warning): the published share of
 * retail accounts that lost money on it over 12 months, the day's figure beside it, and the method. A copy
 * product (`copy:<id>`) is named by `name`.
 */
export function RiskWarning({ product, name }: { product: RiskProduct; name?: string }) {
  const { t } = useTranslation();
  const disclosure = useRiskDisclosure(product);
  const data = disclosure.data;
  const kind = product.startsWith("copy:") ? "copy" : product;
  return (
    <section className="risk-warning" aria-label={t("risk.title")} aria-busy={disclosure.isFetching}>
      <p className="risk-warning__lead">{t(`risk.lead.${kind}`)}</p>
      {data && (
        <>
          <p className="risk-warning__figure">{figureText(t, product, data, name)}</p>
          <p className="risk-warning__daily">
            {t("risk.daily")} {figureText(t, product, data.daily, name)}
          </p>
          <details className="risk-warning__method">
            <summary>{t("risk.methodTitle")}</summary>
            <p>{t(kind === "copy" ? "risk.methodCopy" : "risk.method")}</p>
          </details>
        </>
      )}
    </section>
  );
}
