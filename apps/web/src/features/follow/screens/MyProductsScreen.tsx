import "../../trade/trade.css";
import "../../records/records.css";
import "../follow.css";
import { useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { FollowHolding } from "@brokerage/api";
import { money } from "@brokerage/core";
import { Screen } from "../../../components/Screen";
import { TermList } from "../../../components/TermList";
import { RecordList } from "../../records";
import { formatAmount, formatSigned } from "../../records";
import { useMyHoldings } from "../api/follow";
import { hasEnded, saveProductId } from "../product";
import { timeText } from "../components/parts";

/** One product the user holds units of now: its copy orders summed (paid in, value, P&L net). */
interface HeldProduct {
  productId: string;
  name: string;
  currency: string;
  orders: number;
  amount: string;
  value: string;
  pnl: string;
  endsAt: string;
}

/** The running holdings grouped by product, in the list's order (every sum exact, in decimals). */
export function heldProducts(holdings: readonly FollowHolding[]): HeldProduct[] {
  const byProduct = new Map<string, HeldProduct>();
  for (const h of holdings) {
    if (hasEnded(h)) continue;
    const held = byProduct.get(h.productId);
    if (!held) {
      byProduct.set(h.productId, {
        productId: h.productId,
        name: h.productName,
        currency: h.currency,
        orders: 1,
        amount: h.amount,
        value: h.value,
        pnl: h.pnl,
        endsAt: h.endsAt,
      });
      continue;
    }
    held.orders += 1;
    held.amount = money(held.amount).plus(h.amount).toFixed();
    held.value = money(held.value).plus(h.value).toFixed();
    held.pnl = money(held.pnl).plus(h.pnl).toFixed();
  }
  return [...byProduct.values()];
}

/**
 * /information/product: the products the user holds units of now, each with its copy orders summed (what
 * was paid in, the value at the latest NAV, the P&L net of every fee) and the way to its record.
 */
export default function MyProductsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useMyHoldings();
  const items = useMemo(
    () => (list.data ? heldProducts(list.data.pages.flatMap((page) => page.items)) : undefined),
    [list.data],
  );
  return (
    <Screen title={t("title.information.product")}>
      <div className="follow-detail">
        <p className="footnote follow-links">
          <Link to="/home/fllow">{t("follow.toProducts")}</Link>
          <Link to="/home/qcList">{t("title.home.qcList")}</Link>
        </p>
        <RecordList
          list={list}
          items={items}
          label={t("follow.myProducts")}
          emptyText={t("follow.emptyProducts")}
        >
          {(held) => {
            const m = (value: string) => `${formatAmount(value, held.currency)} ${held.currency}`;
            return (
              <li key={held.productId} className="record follow-holding">
                <div className="record__line">
                  <span className="record__type">{held.name}</span>
                  <span className="record__state">{t("follow.ordersCount", { count: held.orders })}</span>
                </div>
                <TermList
                  rows={[
                    { label: t("follow.paidIn"), value: m(held.amount) },
                    { label: t("follow.value"), value: m(held.value), strong: true },
                    {
                      label: t("follow.pnl"),
                      value: `${formatSigned(held.pnl, held.currency)} ${held.currency}`,
                    },
                    { label: t("follow.endsAt"), value: timeText(held.endsAt) },
                  ]}
                />
                <button
                  type="button"
                  className="text-button follow-open"
                  onClick={() => {
                    saveProductId(held.productId);
                    navigate("/home/fllowDetail");
                  }}
                >
                  {t("follow.openProduct", { name: held.name })}
                </button>
              </li>
            );
          }}
        </RecordList>
      </div>
    </Screen>
  );
}
