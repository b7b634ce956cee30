import Tabs from "antd-mobile/es/components/tabs";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";

const TABS = ["inventory", "ipo", "blockTrade", "follow"] as const;

/** Home tabs of spec §2; their lists arrive with the trading, IPO, block-trade and follow issues. */
export function HomeTabs() {
  const { t } = useTranslation();
  return (
    <section className="card home-tabs" aria-label={t("title.home.index")}>
      <Tabs>
        {TABS.map((key) => (
          <Tabs.Tab key={key} title={t(`home.tabs.${key}`)}>
            <EmptyState />
          </Tabs.Tab>
        ))}
      </Tabs>
    </section>
  );
}
