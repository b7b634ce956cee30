import {
  CloseCircleOutlined,
  EditOutlined,
  PlusOutlined,
  RiseOutlined,
  TeamOutlined,
  TrophyOutlined,
} from "@ant-design/icons";
import type { AdminIpoOffering, IpoStatus } from "@brokerage/api";
import { Button, Space, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListCard } from "../layout/ListCard";
import { PageHead, RefreshButton } from "../layout/PageHead";
import { formatDateTime } from "../lib/format";
import { ActionModal } from "./ActionModal";
import { useIpoList, useRefreshIpos, type IpoAction } from "./api";
import { FinalPriceButton, FinalPriceModal, PriceCell } from "./FinalPrice";
import { OfferingDrawer } from "./OfferingDrawer";
import { IpoStatusTag, shares, SubscriptionCounts } from "./parts";
import { SubscriptionsDrawer } from "./SubscriptionsDrawer";
import { DrawTermsCell, VerifyDrawButton } from "./VerifyDraw";
import "./ipos.css";

/** Where each action may be taken (the server refuses the rest with ORDER_STATE_INVALID anyway). */
const ALLOWED: Record<IpoAction | "edit", (status: IpoStatus) => boolean> = {
  edit: (status) => status === "upcoming",
  draw: (status) => status === "closed",
  listing: (status) => status === "drawn",
  cancel: (status) => status !== "listed" && status !== "cancelled",
};

const ICONS: Record<IpoAction, ReactNode> = {
  draw: <TrophyOutlined aria-hidden />,
  listing: <RiseOutlined aria-hidden />,
  cancel: <CloseCircleOutlined aria-hidden />,
};

/** Labelled instants, one a line. */
function Dates({ rows }: { rows: [string, string][] }) {
  return (
    <div className="admin-ipo__dates">
      {rows.map(([label, at]) => (
        <div key={label}>
          <Typography.Text type="secondary">{label}</Typography.Text>{" "}
          <span className="admin-mono">{formatDateTime(at)}</span>
        </div>
      ))}
    </div>
  );
}

/**
 * New-share offerings (`ipos.manage`): every offering with its terms, window, dates, subscriptions by state
 * and win rate; each created or changed (before it opens) in a drawer; drawn once subscription has closed,
 * listed once drawn, or cancelled before listing, each with a reason (all audited). Each offering's
 * subscriptions open in a drawer with the seed that makes the draw repeatable.
 */
export function IposScreen() {
  const { t } = useTranslation();
  const list = useIpoList();
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const [editing, setEditing] = useState<AdminIpoOffering | "new" | null>(null);
  const [acting, setActing] = useState<{ action: IpoAction; id: string } | null>(null);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [pricingId, setPricingId] = useState<string | null>(null);
  const pricing = items.find((offering) => offering.id === pricingId) ?? null;
  const refresh = useRefreshIpos();
  // The modal and the drawer show the row as the list has it now, read again when they open, so what
  // happened meanwhile (a payment, an action) shows there too.
  const viewing = items.find((offering) => offering.id === viewingId) ?? null;
  const actingOn = items.find((offering) => offering.id === acting?.id) ?? null;

  const actionButton = (action: IpoAction, offering: AdminIpoOffering) => {
    const allowed = ALLOWED[action](offering.status);
    return (
      <Tooltip key={action} title={allowed ? undefined : t(`ipos.actions.${action}.locked`)}>
        <Button
          size="small"
          danger={action === "cancel"}
          icon={ICONS[action]}
          disabled={!allowed}
          onClick={() => {
            refresh();
            setActing({ action, id: offering.id });
          }}
          aria-label={t(`ipos.actions.${action}.aria`, { symbol: offering.symbol })}
        >
          {t(`ipos.actions.${action}.label`)}
        </Button>
      </Tooltip>
    );
  };

  const columns: ColumnsType<AdminIpoOffering> = [
    {
      title: t("ipos.columns.offering"),
      key: "offering",
      fixed: "start",
      width: 200,
      render: (_, offering) => (
        <div>
          <Typography.Text strong>{offering.name}</Typography.Text>
          <div>
            <Typography.Text type="secondary" className="admin-mono">
              {offering.symbol} · {offering.exchange}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    { title: t("ipos.columns.market"), dataIndex: "market", width: 80 },
    {
      title: t("ipos.columns.price"),
      key: "price",
      width: 150,
      render: (_, offering) => <PriceCell offering={offering} />,
    },
    {
      title: t("ipos.columns.shares"),
      key: "shares",
      width: 200,
      render: (_, offering) => (
        <div>
          <span className="admin-mono">{shares(offering.totalShares)}</span>
          <div>
            <Typography.Text type="secondary">
              {offering.maxQuantity === null
                ? t("ipos.perSubscriptionFrom", { min: shares(offering.minQuantity) })
                : t("ipos.perSubscription", {
                    min: shares(offering.minQuantity),
                    max: shares(offering.maxQuantity),
                  })}
            </Typography.Text>
          </div>
          <Typography.Text type="secondary">
            {t("ipos.limitPerUser", { count: offering.subscriptionLimit })}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t("ipos.columns.allocation"),
      key: "allocation",
      width: 200,
      render: (_, offering) => <DrawTermsCell offering={offering} />,
    },
    {
      title: t("ipos.columns.subscriptions"),
      key: "subscriptions",
      width: 210,
      render: (_, offering) => <SubscriptionCounts offering={offering} />,
    },
    {
      title: t("ipos.columns.window"),
      key: "window",
      width: 230,
      render: (_, offering) => (
        <Dates
          rows={[
            [t("ipos.fields.opensAt"), offering.opensAt],
            [t("ipos.fields.closesAt"), offering.closesAt],
          ]}
        />
      ),
    },
    {
      title: t("ipos.columns.dates"),
      key: "dates",
      width: 270,
      render: (_, offering) => (
        <Dates
          rows={[
            [t("ipos.fields.drawAt"), offering.drawAt],
            [t("ipos.fields.paymentDueAt"), offering.paymentDueAt],
            [t("ipos.fields.listingAt"), offering.listingAt],
          ]}
        />
      ),
    },
    {
      title: t("ipos.columns.status"),
      dataIndex: "status",
      width: 110,
      render: (status: IpoStatus) => <IpoStatusTag status={status} />,
    },
    {
      title: t("ipos.columns.winRate"),
      dataIndex: "winRate",
      width: 90,
      render: (rate: string | null) => <span className="admin-mono">{rate === null ? "—" : `${rate}%`}</span>,
    },
    {
      title: t("common.actions"),
      key: "actions",
      // Always in view: the table scrolls under it at a laptop's width.
      fixed: "right",
      width: 300,
      render: (_, offering) => (
        <Space size={[8, 8]} wrap>
          <Tooltip title={ALLOWED.edit(offering.status) ? undefined : t("ipos.editLocked")}>
            <Button
              size="small"
              icon={<EditOutlined aria-hidden />}
              disabled={!ALLOWED.edit(offering.status)}
              onClick={() => setEditing(offering)}
              aria-label={t("ipos.editAria", { symbol: offering.symbol })}
            >
              {t("ipos.edit")}
            </Button>
          </Tooltip>
          <Button
            size="small"
            icon={<TeamOutlined aria-hidden />}
            onClick={() => {
              refresh();
              setViewingId(offering.id);
            }}
            aria-label={t("ipos.subscriptionsAria", { symbol: offering.symbol })}
          >
            {t("ipos.subscriptionsOpen")}
          </Button>
          {actionButton("draw", offering)}
          {actionButton("listing", offering)}
          {actionButton("cancel", offering)}
          <FinalPriceButton offering={offering} onOpen={(o) => setPricingId(o.id)} />
          <VerifyDrawButton offering={offering} />
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-page">
      <PageHead
        title={t("ipos.title")}
        lead={t("ipos.lead")}
        actions={
          <>
            <RefreshButton onRefresh={() => void list.refetch()} loading={list.isFetching} />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing("new")}>
              {t("ipos.create")}
            </Button>
          </>
        }
      />
      <ListCard<AdminIpoOffering>
        query={list}
        more={list}
        items={items}
        rowKey="id"
        columns={columns}
        scroll={{ x: 2040 }}
        rowClassName={(offering) =>
          offering.status === "listed" || offering.status === "cancelled" ? "admin-row--muted" : ""
        }
        emptyText={t("ipos.none")}
      />
      <OfferingDrawer offering={editing} onClose={() => setEditing(null)} />
      <ActionModal action={acting?.action ?? "draw"} offering={actingOn} onClose={() => setActing(null)} />
      <SubscriptionsDrawer offering={viewing} onClose={() => setViewingId(null)} />
      <FinalPriceModal offering={pricing} onClose={() => setPricingId(null)} />
    </div>
  );
}
