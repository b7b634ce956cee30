import { EditOutlined, PlusOutlined, StopOutlined } from "@ant-design/icons";
import type { AdminBlockTradeOffer } from "@brokerage/api";
import { Button, Space, Tag, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListCard } from "../layout/ListCard";
import { PageHead, RefreshButton } from "../layout/PageHead";
import { formatDateTime } from "../lib/format";
import { priceText } from "../lib/money";
import { useBlockTradeList } from "./api";
import { OfferDrawer } from "./OfferDrawer";
import { WithdrawModal } from "./WithdrawModal";
import "./blockTrades.css";

const STATUS_COLORS: Record<AdminBlockTradeOffer["status"], string> = {
  upcoming: "blue",
  open: "green",
  closed: "default",
  withdrawn: "red",
};

const shares = (n: number) => n.toLocaleString("en-US");

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
    {
      title: t("blockTrades.instrument"),
      key: "instrument",
      fixed: "left",
      width: 200,
      render: (_, offer) => (
        <div>
          <Typography.Text strong>{offer.name}</Typography.Text>
          <div>
            <Typography.Text type="secondary" className="admin-mono">
              {offer.symbol} · {offer.exchange}
            </Typography.Text>
          </div>
        </div>
      ),
    },
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
    {
      title: t("blockTrades.window"),
      key: "window",
      width: 220,
      render: (_, offer) => (
        <span className="admin-mono admin-block__window">
          {formatDateTime(offer.opensAt)}
          <br />
          {formatDateTime(offer.closesAt)}
        </span>
      ),
    },
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
    {
      title: t("blockTrades.status"),
      dataIndex: "status",
      width: 110,
      render: (status: AdminBlockTradeOffer["status"]) => (
        <Tag color={STATUS_COLORS[status]}>{t(`blockTrades.statuses.${status}`)}</Tag>
      ),
    },
    {
      title: t("blockTrades.subscriptions"),
      key: "subscriptions",
      width: 210,
      render: (_, offer) =>
        t("blockTrades.subscriptionCounts", {
          pending: offer.pendingCount,
          approved: shares(offer.approvedQuantity),
        }),
    },
    {
      title: t("common.actions"),
      key: "actions",
      // Always in view: the table scrolls under it at a laptop's width.
      fixed: "right",
      width: 240,
      render: (_, offer) => (
        <Space size={8}>
          <Tooltip title={offer.status === "upcoming" ? undefined : t("blockTrades.editLocked")}>
            <Button
              icon={<EditOutlined aria-hidden />}
              disabled={offer.status !== "upcoming"}
              onClick={() => setEditing(offer)}
              aria-label={t("blockTrades.editAria", { symbol: offer.symbol })}
            >
              {t("blockTrades.edit")}
            </Button>
          </Tooltip>
          <Button
            danger
            icon={<StopOutlined aria-hidden />}
            disabled={offer.state === "withdrawn"}
            onClick={() => setWithdrawing(offer)}
            aria-label={t("blockTrades.withdrawAria", { symbol: offer.symbol })}
          >
            {t("blockTrades.withdraw")}
          </Button>
        </Space>
      ),
    },
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
        rowClassName={(offer) =>
          offer.status === "open" || offer.status === "upcoming" ? "" : "admin-row--muted"
        }
        emptyText={t("blockTrades.none")}
      />
      <OfferDrawer offer={editing} onClose={() => setEditing(null)} />
      <WithdrawModal offer={withdrawing} onClose={() => setWithdrawing(null)} />
    </div>
  );
}
