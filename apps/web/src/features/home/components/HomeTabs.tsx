import "../../trade/trade.css";
import "../../block-trade/blockTrade.css";
import Tabs from "antd-mobile/es/components/tabs";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { OfferList } from "../../block-trade/components/OfferList";
import { useInventory } from "../../trade/api/trade";
import { InventoryRow } from "../../trade/components/OrderRow";

const TABS = ["inventory", "ipo", "blockTrade", "follow"] as const;

/** The user's holdings by instrument (`trade/inventory`), with the way to the positions. */
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
      <OfferList paged={false} />
      <p className="home-tabs__more">
        <Link to="/home/blockTrade">{t("blockTrade.allOffers")}</Link>
        <Link to="/home/blockTrade2">{t("blockTrade.mine")}</Link>
      </p>
    </>
  );
}

/** Home tabs of spec §2: holdings and block trades; the IPO and follow lists arrive with their issues. */
export function HomeTabs() {
  const { t } = useTranslation();
  return (
    <section className="card home-tabs" aria-label={t("title.home.index")}>
      <Tabs>
        {TABS.map((key) => (
          <Tabs.Tab key={key} title={t(`home.tabs.${key}`)}>
            {key === "inventory" ? (
              <InventoryTab />
            ) : key === "blockTrade" ? (
              <BlockTradeTab />
            ) : (
              <EmptyState />
            )}
          </Tabs.Tab>
        ))}
      </Tabs>
    </section>
  );
}
