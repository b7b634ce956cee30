import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { FollowProduct } from "@brokerage/api";
import { EmptyState } from "../../../components/EmptyState";
import { ListFoot } from "../../../components/ListFoot";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { useFollowProducts } from "../api/follow";
import { saveProductId } from "../product";
import { Change, RiskBadge, StatusChip, buyRange, navText, timeText } from "./parts";

/**
 * One product as listed: its name and leader, its state, the NAV with the last day's measured change, the
 * maximum drawdown, the risk score, the buy range and the end time. Tapping opens its record.
 */
export function ProductRow({ product }: { product: FollowProduct }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = () => {
    saveProductId(product.id);
    navigate("/home/fllowDetail");
  };
  return (
    <li className="trade-row follow-row">
      <button
        type="button"
        className="trade-row__main"
        aria-label={t("follow.openProduct", { name: product.name })}
        onClick={open}
      >
        <span className="trade-row__head">
          <span className="trade-row__name">
            {product.name}{" "}
            <span className="trade-row__code">{t("follow.byLeader", { leader: product.leaderName })}</span>
          </span>
          <span className="trade-row__chips">
            {product.private && (
              <span className="follow-chip follow-chip--private">{t("follow.private")}</span>
            )}
            <StatusChip status={product.status} />
          </span>
        </span>
        <span className="follow-row__figures">
          <span>
            <span className="follow-row__label">{t("follow.nav")}</span>
            <span className="follow-row__value">
              {navText(product.nav)} {product.currency}
            </span>
          </span>
          <span>
            <span className="follow-row__label">{t("follow.dailyChange")}</span>
            <Change value={product.dailyChange.change} />
          </span>
          <span>
            <span className="follow-row__label">{t("follow.maxDrawdown")}</span>
            <Change value={product.maxDrawdown} />
          </span>
          <span>
            <span className="follow-row__label">{t("follow.riskScore")}</span>
            <RiskBadge score={product.riskScore} />
          </span>
        </span>
        <span className="trade-row__grid">
          <span>{buyRange(product, t)}</span>
          <span>{t("follow.endsOn", { at: timeText(product.endsAt) })}</span>
        </span>
      </button>
    </li>
  );
}

/** The products page by page (`first`: only that many of the first page, without paging: the home tab). */
export function ProductList({ first }: { first?: number }) {
  const { t } = useTranslation();
  const products = useFollowProducts();
  const items = products.data?.pages.flatMap((page) => page.items);
  return (
    <QueryView
      query={{ ...products, data: first === undefined ? items : items?.slice(0, first) }}
      isEmpty={isEmptyList}
      empty={<EmptyState text={t("follow.empty")} />}
    >
      {(list) => (
        <>
          <ul className="trade-list" aria-label={t("follow.products")}>
            {list.map((product) => (
              <ProductRow key={product.id} product={product} />
            ))}
          </ul>
          {first === undefined && (
            <ListFoot query={products} className="trade-list__foot" endText={t("trade.end")} />
          )}
        </>
      )}
    </QueryView>
  );
}
