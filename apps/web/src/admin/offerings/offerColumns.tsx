import { EditOutlined, StopOutlined } from "@ant-design/icons";
import { Button, Space, Tag, Tooltip, Typography } from "antd";
import type { ColumnType } from "antd/es/table";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { sharesText } from "../../lib/format";
import { formatDateTime } from "../lib/format";

/**
 * The columns every offers table shares (block trades, placements): the instrument, the window, the
 * status, the subscriptions so far and the actions (edit before it opens, withdraw).
 */
export interface OfferRowLike {
  name: string;
  symbol: string;
  exchange: string;
  opensAt: string;
  closesAt: string;
  state: "active" | "withdrawn";
  status: "upcoming" | "open" | "closed" | "withdrawn";
  pendingCount: number;
  approvedQuantity: string;
}

const STATUS_COLORS: Record<OfferRowLike["status"], string> = {
  upcoming: "blue",
  open: "green",
  closed: "default",
  withdrawn: "red",
};

const shares = sharesText;

export const instrumentColumn = <T extends OfferRowLike>(t: TFunction): ColumnType<T> => ({
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
});

/** The window, with what the feature adds under it (a placement's lock). */
export const windowColumn = <T extends OfferRowLike>(
  title: string,
  below?: (offer: T) => ReactNode,
): ColumnType<T> => ({
  title,
  key: "window",
  width: 220,
  render: (_, offer) => (
    <span className="admin-mono admin-block__window">
      {formatDateTime(offer.opensAt)}
      <br />
      {formatDateTime(offer.closesAt)}
      {below && (
        <>
          <br />
          {below(offer)}
        </>
      )}
    </span>
  ),
});

export const statusColumn = <T extends OfferRowLike>(t: TFunction): ColumnType<T> => ({
  title: t("blockTrades.status"),
  dataIndex: "status",
  width: 110,
  render: (status: OfferRowLike["status"]) => (
    <Tag color={STATUS_COLORS[status]}>{t(`blockTrades.statuses.${status}`)}</Tag>
  ),
});

export const subscriptionsColumn = <T extends OfferRowLike>(t: TFunction): ColumnType<T> => ({
  title: t("blockTrades.subscriptions"),
  key: "subscriptions",
  width: 190,
  render: (_, offer) =>
    t("blockTrades.subscriptionCounts", {
      pending: offer.pendingCount,
      approved: shares(offer.approvedQuantity),
    }),
});

/** Edit (only before the offer opens) and withdraw, each named for the offer (`editAria`, `withdrawAria`). */
export const actionsColumn = <T extends OfferRowLike>(
  t: TFunction,
  actions: {
    onEdit: (offer: T) => void;
    onWithdraw: (offer: T) => void;
    editAria: string;
    withdrawAria: string;
  },
): ColumnType<T> => ({
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
          onClick={() => actions.onEdit(offer)}
          aria-label={t(actions.editAria, { symbol: offer.symbol })}
        >
          {t("blockTrades.edit")}
        </Button>
      </Tooltip>
      <Button
        danger
        icon={<StopOutlined aria-hidden />}
        disabled={offer.state === "withdrawn"}
        onClick={() => actions.onWithdraw(offer)}
        aria-label={t(actions.withdrawAria, { symbol: offer.symbol })}
      >
        {t("blockTrades.withdraw")}
      </Button>
    </Space>
  ),
});

/** Rows of offers no longer taking subscriptions are muted. */
export const offerRowClass = (offer: OfferRowLike) =>
  offer.status === "open" || offer.status === "upcoming" ? "" : "admin-row--muted";
