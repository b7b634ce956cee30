import { EditOutlined, FundViewOutlined, PlusOutlined, StopOutlined } from "@ant-design/icons";
import type { AdminFollowProduct } from "@brokerage/api";
import { Button, Space, Tag, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListCard } from "../layout/ListCard";
import { PageHead, RefreshButton } from "../layout/PageHead";
import { ReasonModal } from "../layout/ReasonModal";
import { formatDateTime } from "../lib/format";
import { moneyText, percentText } from "../lib/money";
import { useCloseFollow, useFollowList } from "./api";
import { FollowDrawer } from "./FollowDrawer";
import { FollowPortfolio } from "./FollowPortfolio";
import "./follow.css";

const STATE_COLORS: Record<AdminFollowProduct["state"], string> = {
  active: "green",
  closing: "gold",
  ended: "default",
  closed: "red",
};

/**
 * Copy products (`follow.manage`): every product with its leader, state, NAV, fund size, followers,
 * window and end time, and the disclosed fees; each created or changed in a drawer (audited), its
 * portfolio traded and its followers seen in another, and closed with a reason every follower reads
 * (everyone paid out at the NAV). No action here sets a NAV, a unit count or a result.
 */
export function FollowScreen() {
  const { t } = useTranslation();
  const list = useFollowList();
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const [editing, setEditing] = useState<AdminFollowProduct | "new" | null>(null);
  const [viewing, setViewing] = useState<AdminFollowProduct | null>(null);
  const [closing, setClosing] = useState<AdminFollowProduct | null>(null);
  const close = useCloseFollow();

  const columns: ColumnsType<AdminFollowProduct> = [
    {
      title: t("follow.product"),
      key: "product",
      fixed: "left",
      width: 220,
      render: (_, p) => (
        <div>
          <Typography.Text strong>{p.name}</Typography.Text>
          <div>
            <Typography.Text type="secondary">
              {t("follow.ledBy", { leader: p.leaderName, account: p.leaderAccount })}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t("follow.stateTitle"),
      key: "state",
      width: 150,
      render: (_, p) => (
        <div>
          <Tag color={STATE_COLORS[p.state]}>{t(`follow.states.${p.state}`)}</Tag>
          {p.private && <Tag>{t("follow.private")}</Tag>}
          {p.closeReason && (
            <div>
              <Typography.Text type="secondary">{p.closeReason}</Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    {
      title: t("follow.nav"),
      key: "nav",
      width: 150,
      align: "right",
      render: (_, p) => (
        <div className="admin-mono">
          {p.nav}
          <div>
            <Typography.Text type="secondary">{formatDateTime(p.navAt)}</Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t("follow.fundSize"),
      key: "fund",
      width: 170,
      align: "right",
      render: (_, p) => (
        <div className="admin-mono">
          {moneyText(p.fundSize, p.currency)} {p.currency}
          <div>
            <Typography.Text type="secondary">
              {t("follow.followersCount", { count: p.followers })}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t("follow.buyRange"),
      key: "range",
      width: 180,
      render: (_, p) => (
        <span className="admin-mono">
          {p.maxBuy === null
            ? t("follow.from", { min: `${moneyText(p.minBuy, p.currency)} ${p.currency}` })
            : `${moneyText(p.minBuy, p.currency)} – ${moneyText(p.maxBuy, p.currency)} ${p.currency}`}
        </span>
      ),
    },
    {
      title: t("follow.windowEnd"),
      key: "window",
      width: 230,
      render: (_, p) => (
        <span className="admin-mono admin-follow__window">
          {formatDateTime(p.opensAt)}
          <br />– {formatDateTime(p.closesAt)}
          <br />
          <Typography.Text type="secondary">
            {t("follow.endsAtText", { at: formatDateTime(p.endsAt) })}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t("follow.fees"),
      key: "fees",
      width: 210,
      render: (_, p) =>
        t("follow.feesText", {
          management: percentText(p.managementFeeRate),
          performance: percentText(p.performanceFeeRate),
          leader: percentText(p.leaderShare),
        }),
    },
    {
      title: t("follow.actions"),
      key: "actions",
      fixed: "right",
      width: 150,
      render: (_, p) => (
        <Space size={4}>
          <Tooltip title={t("follow.portfolioAria", { name: p.name })}>
            <Button
              icon={<FundViewOutlined aria-hidden />}
              aria-label={t("follow.portfolioAria", { name: p.name })}
              onClick={() => setViewing(p)}
            />
          </Tooltip>
          <Tooltip title={t("follow.editAria", { name: p.name })}>
            <Button
              icon={<EditOutlined aria-hidden />}
              aria-label={t("follow.editAria", { name: p.name })}
              disabled={p.state !== "active"}
              onClick={() => setEditing(p)}
            />
          </Tooltip>
          <Tooltip title={t("follow.closeAria", { name: p.name })}>
            <Button
              danger
              icon={<StopOutlined aria-hidden />}
              aria-label={t("follow.closeAria", { name: p.name })}
              disabled={p.state !== "active"}
              onClick={() => setClosing(p)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-page">
      <PageHead
        title={t("follow.title")}
        lead={t("follow.lead")}
        actions={
          <>
            <RefreshButton onRefresh={() => void list.refetch()} loading={list.isFetching} />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing("new")}>
              {t("follow.create")}
            </Button>
          </>
        }
      />
      <ListCard<AdminFollowProduct>
        query={list}
        more={list}
        items={items}
        rowKey="id"
        columns={columns}
        emptyText={t("follow.none")}
      />
      <FollowDrawer product={editing} onClose={() => setEditing(null)} />
      <FollowPortfolio
        product={viewing ? (items.find((p) => p.id === viewing.id) ?? viewing) : null}
        onClose={() => setViewing(null)}
      />
      <ReasonModal<object>
        open={closing !== null}
        title={t("follow.closeTitle", { name: closing?.name ?? "" })}
        okText={t("follow.close")}
        danger
        initialValues={{}}
        pending={close.isPending}
        error={close.error}
        reasonLabel={t("follow.closeReason")}
        reasonHint={t("follow.closeReasonHint")}
        onSubmit={({ reason }) =>
          closing && close.mutate({ productId: closing.id, reason }, { onSuccess: () => setClosing(null) })
        }
        onCancel={() => {
          setClosing(null);
          close.reset();
        }}
      >
        <Typography.Paragraph>{t("follow.closeNote")}</Typography.Paragraph>
      </ReasonModal>
    </div>
  );
}
