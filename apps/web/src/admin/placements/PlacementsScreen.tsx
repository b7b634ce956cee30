import { PlusOutlined } from "@ant-design/icons";
import type { AdminPlacementOffer } from "@brokerage/api";
import { Button, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListCard } from "../layout/ListCard";
import { PageHead, RefreshButton } from "../layout/PageHead";
import { amountText, priceText } from "../lib/money";
import {
  actionsColumn,
  instrumentColumn,
  offerRowClass,
  statusColumn,
  subscriptionsColumn,
  windowColumn,
} from "../offerings/offerColumns";
import { usePlacementList } from "./api";
import { PlacementDrawer } from "./PlacementDrawer";
import { WithdrawPlacement } from "./WithdrawPlacement";
import "../block-trades/blockTrades.css";

/**
 * Placement and capital-increase offers (`placements.manage`): every offer with its kind, instrument,
 * price, amount per subscription, window, who may apply, lock and subscriptions; each created or changed
 * (before it opens) in a drawer and withdrawn with a reason (both audited). Subscriptions themselves are
 * decided in the review queue (kind placement).
 */
export function PlacementsScreen() {
  const { t } = useTranslation();
  const list = usePlacementList();
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const [editing, setEditing] = useState<AdminPlacementOffer | "new" | null>(null);
  const [withdrawing, setWithdrawing] = useState<AdminPlacementOffer | null>(null);

  const columns: ColumnsType<AdminPlacementOffer> = [
    instrumentColumn<AdminPlacementOffer>(t),
    {
      title: t("placements.kind"),
      key: "kind",
      width: 190,
      render: (_, offer) => (
        <div>
          <Tag color={offer.kind === "capitalIncrease" ? "purple" : "cyan"}>
            {t(`placements.kinds.${offer.kind}`)}
          </Tag>
          <div>
            <Typography.Text type="secondary">
              {t(`placements.eligibilities.${offer.eligibility}`)}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t("placements.price"),
      key: "price",
      width: 120,
      render: (_, offer) => <span className="admin-mono">{priceText(offer.price, offer.currency)}</span>,
    },
    {
      title: t("placements.amountPer"),
      key: "amount",
      width: 200,
      render: (_, offer) => (
        <span className="admin-mono">
          {offer.maxAmount === null
            ? t("blockTrades.sharesFrom", { min: amountText(offer.minAmount, offer.currency) })
            : `${amountText(offer.minAmount, offer.currency)} – ${amountText(offer.maxAmount, offer.currency)}`}
        </span>
      ),
    },
    windowColumn<AdminPlacementOffer>(t("placements.windowLock"), (offer) => (
      <Typography.Text type="secondary">
        {offer.lockDays > 0 ? t("placements.lockDays", { count: offer.lockDays }) : t("placements.noLock")}
      </Typography.Text>
    )),
    statusColumn<AdminPlacementOffer>(t),
    subscriptionsColumn<AdminPlacementOffer>(t),
    actionsColumn<AdminPlacementOffer>(t, {
      onEdit: setEditing,
      onWithdraw: setWithdrawing,
      editAria: "placements.editAria",
      withdrawAria: "placements.withdrawAria",
    }),
  ];

  return (
    <div className="admin-page">
      <PageHead
        title={t("placements.title")}
        lead={t("placements.lead")}
        actions={
          <>
            <RefreshButton onRefresh={() => void list.refetch()} loading={list.isFetching} />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing("new")}>
              {t("placements.create")}
            </Button>
          </>
        }
      />
      <ListCard<AdminPlacementOffer>
        query={list}
        more={list}
        items={items}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1430 }}
        rowClassName={offerRowClass}
        emptyText={t("placements.none")}
      />
      <PlacementDrawer offer={editing} onClose={() => setEditing(null)} />
      <WithdrawPlacement offer={withdrawing} onClose={() => setWithdrawing(null)} />
    </div>
  );
}
