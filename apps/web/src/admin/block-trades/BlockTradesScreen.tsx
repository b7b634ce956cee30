import { PlusOutlined } from "@ant-design/icons";
import type { AdminBlockTradeOffer } from "@brokerage/api";
import { Button, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { sharesText } from "../../lib/format";
import { ListCard } from "../layout/ListCard";
import { PageHead, RefreshButton } from "../layout/PageHead";
import { priceText } from "../lib/money";
import {
  actionsColumn,
  instrumentColumn,
  offerRowClass,
  statusColumn,
  subscriptionsColumn,
  windowColumn,
} from "../offerings/offerColumns";
import { useBlockTradeList } from "./api";
import { OfferDrawer } from "./OfferDrawer";
import { WithdrawModal } from "./WithdrawModal";
import "./blockTrades.css";

const shares = sharesText;

/**
 * Block-trade offers (`blockTrades.manage`): every offer with its instrument, price, shares per
 * subscription, window, lock, key and subscriptions; each created or changed (before it opens) in a drawer
 * and withdrawn with a reason (both audited). Subscriptions themselves are decided in the review queue.
 */
export function BlockTradesScreen() {
  const { t } = useTranslation();
  const list = useBlockTradeList();
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const [editing, setEditing] = useState<AdminBlockTradeOffer | "new" | null>(null);
  const [withdrawing, setWithdrawing] = useState<AdminBlockTradeOffer | null>(null);

  const columns: ColumnsType<AdminBlockTradeOffer> = [
    instrumentColumn<AdminBlockTradeOffer>(t),
    {
      title: t("blockTrades.price"),
      key: "price",
      width: 150,
      render: (_, offer) => <span className="admin-mono">{priceText(offer.price, offer.currency)}</span>,
    },
    {
      title: t("blockTrades.shares"),
      key: "shares",
      width: 140,
      render: (_, offer) =>
        offer.maxQuantity === null
          ? t("blockTrades.sharesFrom", { min: shares(offer.minQuantity) })
          : `${shares(offer.minQuantity)} – ${shares(offer.maxQuantity)}`,
    },
    windowColumn<AdminBlockTradeOffer>(t("blockTrades.window")),
    {
      title: t("blockTrades.lockDays"),
      dataIndex: "lockDays",
      width: 90,
    },
    {
      title: t("blockTrades.secretKey"),
      dataIndex: "secretKeyRequired",
      width: 100,
      render: (required: boolean) =>
        required ? <Tag color="purple">{t("blockTrades.keyYes")}</Tag> : <Tag>{t("blockTrades.keyNo")}</Tag>,
    },
    statusColumn<AdminBlockTradeOffer>(t),
    subscriptionsColumn<AdminBlockTradeOffer>(t),
    actionsColumn<AdminBlockTradeOffer>(t, {
      onEdit: setEditing,
      onWithdraw: setWithdrawing,
      editAria: "blockTrades.editAria",
      withdrawAria: "blockTrades.withdrawAria",
    }),
  ];

  return (
    <div className="admin-page">
      <PageHead
        title={t("blockTrades.title")}
        lead={t("blockTrades.lead")}
        actions={
          <>
            <RefreshButton onRefresh={() => void list.refetch()} loading={list.isFetching} />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing("new")}>
              {t("blockTrades.create")}
            </Button>
          </>
        }
      />
      <ListCard<AdminBlockTradeOffer>
        query={list}
        more={list}
        items={items}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1460 }}
        rowClassName={offerRowClass}
        emptyText={t("blockTrades.none")}
      />
      <OfferDrawer offer={editing} onClose={() => setEditing(null)} />
      <WithdrawModal offer={withdrawing} onClose={() => setWithdrawing(null)} />
    </div>
  );
}
