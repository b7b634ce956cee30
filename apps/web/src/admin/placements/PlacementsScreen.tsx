import { EditOutlined, PlusOutlined, StopOutlined } from "@ant-design/icons";
import type { AdminPlacementOffer } from "@brokerage/api";
import { Button, Space, Tag, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListCard } from "../layout/ListCard";
import { PageHead, RefreshButton } from "../layout/PageHead";
import { formatDateTime } from "../lib/format";
import { amountText, priceText } from "../lib/money";
import { usePlacementList } from "./api";
import { PlacementDrawer } from "./PlacementDrawer";
import { WithdrawPlacement } from "./WithdrawPlacement";
import "../block-trades/blockTrades.css";

const STATUS_COLORS: Record<AdminPlacementOffer["status"], string> = {
  upcoming: "blue",
  open: "green",
  closed: "default",
  withdrawn: "red",
};

const shares = (n: number) => n.toLocaleString("en-US");

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
    {
      title: t("placements.windowLock"),
      key: "window",
      width: 210,
      render: (_, offer) => (
        <span className="admin-mono admin-block__window">
          {formatDateTime(offer.opensAt)}
          <br />
          {formatDateTime(offer.closesAt)}
          <br />
          <Typography.Text type="secondary">
            {offer.lockDays > 0
              ? t("placements.lockDays", { count: offer.lockDays })
              : t("placements.noLock")}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t("blockTrades.status"),
      dataIndex: "status",
      width: 110,
      render: (status: AdminPlacementOffer["status"]) => (
        <Tag color={STATUS_COLORS[status]}>{t(`blockTrades.statuses.${status}`)}</Tag>
      ),
    },
    {
      title: t("blockTrades.subscriptions"),
      key: "subscriptions",
      width: 170,
      render: (_, offer) =>
        t("blockTrades.subscriptionCounts", {
          pending: offer.pendingCount,
          approved: shares(offer.approvedQuantity),
        }),
    },
    {
      title: t("common.actions"),
      key: "actions",
      fixed: "right",
      width: 240,
      render: (_, offer) => (
        <Space size={8}>
          <Tooltip title={offer.status === "upcoming" ? undefined : t("blockTrades.editLocked")}>
            <Button
              icon={<EditOutlined aria-hidden />}
              disabled={offer.status !== "upcoming"}
              onClick={() => setEditing(offer)}
              aria-label={t("placements.editAria", { symbol: offer.symbol })}
            >
              {t("blockTrades.edit")}
            </Button>
          </Tooltip>
          <Button
            danger
            icon={<StopOutlined aria-hidden />}
            disabled={offer.state === "withdrawn"}
            onClick={() => setWithdrawing(offer)}
            aria-label={t("placements.withdrawAria", { symbol: offer.symbol })}
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
        rowClassName={(offer) =>
          offer.status === "open" || offer.status === "upcoming" ? "" : "admin-row--muted"
        }
        emptyText={t("placements.none")}
      />
      <PlacementDrawer offer={editing} onClose={() => setEditing(null)} />
      <WithdrawPlacement offer={withdrawing} onClose={() => setWithdrawing(null)} />
    </div>
  );
}
