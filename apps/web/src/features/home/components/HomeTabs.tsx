import "../../trade/trade.css";
import { Suspense, lazy, useId, useState, type ComponentType } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ChipTabs } from "../../../components/ChipTabs";
import { EmptyState } from "../../../components/EmptyState";
import { LoadingState } from "../../../components/LoadingState";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { useInventory, InventoryRow } from "../../trade";
import { isBuilt } from "../../../app/reachable";
import { HOME_TABS, type HomeTab } from "../entries";

// The offers (and their paged list) load when their tab is first opened, not with the home screen.
const OfferList = lazy(() => import("../../block-trade").then((m) => ({ default: m.OfferList })));
const OfferingList = lazy(() => import("../../ipo").then((m) => ({ default: m.OfferingList })));
const ProductList = lazy(() => import("../../follow").then((m) => ({ default: m.ProductList })));

/** How many current new-share offerings the IPO tab shows, and how many copy products the follow tab. */
const IPO_TAB_SIZE = 3;
const FOLLOW_TAB_SIZE = 3;

/** The user's holdings by instrument (`trade/inventory`), with the ways to the portfolio and the positions. */
function InventoryTab() {
  const { t } = useTranslation();
  const inventory = useInventory();
  return (
    <>
      <QueryView
        query={inventory}
        isEmpty={isEmptyList}
        empty={<EmptyState text={t("trade.empty.inventory")} />}
      >
        {(items) => (
          <ul className="trade-list" aria-label={t("home.tabs.inventory")}>
            {items.map((item) => (
              <InventoryRow key={`${item.exchange}:${item.symbol}:${item.direction}`} item={item} />
            ))}
          </ul>
        )}
      </QueryView>
      <p className="home-tabs__more">
        <Link to="/information/portfolio">{t("home.toPortfolio")}</Link>
        <Link to="/trade/index?tab=inventory">{t("home.toPositions")}</Link>
      </p>
    </>
  );
}

/** The open block-trade offers (the first page), with the ways to every offer and to the user's own. */
function BlockTradeTab() {
  const { t } = useTranslation();
  return (
    <>
      <Suspense fallback={<LoadingState />}>
        <OfferList paged={false} />
      </Suspense>
      <p className="home-tabs__more">
        <Link to="/home/blockTrade">{t("blockTrade.allOffers")}</Link>
        <Link to="/home/blockTrade2">{t("blockTrade.mine")}</Link>
      </p>
    </>
  );
}

/** The current new-share offerings (a few), with the ways to every offering and to the user's subscriptions. */
function IpoTab() {
  const { t } = useTranslation();
  return (
    <>
      <Suspense fallback={<LoadingState />}>
        <OfferingList first={IPO_TAB_SIZE} />
      </Suspense>
      <p className="home-tabs__more">
        <Link to="/home/newStock">{t("ipo.allOfferings")}</Link>
        <Link to="/home/newShareOrder">{t("ipo.mine")}</Link>
      </p>
    </>
  );
}

/** The first copy-trading products with their measured figures, with the ways to all and to the user's own. */
function FollowTab() {
  const { t } = useTranslation();
  return (
    <>
      <Suspense fallback={<LoadingState />}>
        <ProductList first={FOLLOW_TAB_SIZE} />
      </Suspense>
      <p className="home-tabs__more">
        <Link to="/home/fllow">{t("follow.allProducts")}</Link>
        <Link to="/home/qcList">{t("title.home.qcList")}</Link>
      </p>
    </>
  );
}

/** Each tab's panel; a tab without one is not offered. */
const PANELS: Partial<Record<HomeTab, ComponentType>> = {
  inventory: InventoryTab,
  ipo: IpoTab,
  blockTrade: BlockTradeTab,
  follow: FollowTab,
};

/** The tabs with a panel and a built screen behind it (a tab without them would be an empty promise). */
const TABS = HOME_TABS.filter((tab) => PANELS[tab.key] && isBuilt(tab.to)).map((tab) => tab.key);

/** Home tabs of spec §2 whose screens are built: holdings, new shares, block trades and copy trading. */
export function HomeTabs() {
  const { t } = useTranslation();
  const panelId = useId();
  const [tab, setTab] = useState<HomeTab>("inventory");
  const Panel = PANELS[tab];
  return (
    <section className="card home-tabs" aria-label={t("title.home.index")}>
      <ChipTabs
        variant="line"
        label={t("title.home.index")}
        options={TABS.map((key) => ({ key, label: t(`home.tabs.${key}`) }))}
        value={tab}
        onChange={setTab}
      />
      <div role="tabpanel" id={panelId} aria-label={t(`home.tabs.${tab}`)}>
        {Panel && <Panel />}
      </div>
    </section>
  );
}
