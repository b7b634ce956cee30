import { REVIEW_KINDS, type ReviewItem, type ReviewKind } from "@brokerage/api";
import { Badge, Button, Segmented, Space, Tabs, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useStaff } from "../auth/staff";
import { ListCard } from "../layout/ListCard";
import { PageHead, RefreshButton } from "../layout/PageHead";
import { formatDateTime } from "../lib/format";
import { useReviewList, useReviewSummary, type ReviewStateFilter } from "./api";
import { FourEyes, requestOf, ReviewStateTag, subjectSummary } from "./parts";
import { ReviewDrawer } from "./ReviewDrawer";

const STATES: ReviewStateFilter[] = ["pending", "approved", "rejected", "all"];

/** The one review queue: a tab per kind that has a handler, a state filter, the list and its drawer. */
export function ReviewsScreen() {
  const { t } = useTranslation();
  const { can } = useStaff();
  const summary = useReviewSummary();
  const kinds = useMemo(() => {
    const offered = summary.data?.kinds;
    // Until the summary answers (or if it cannot), every kind of the contract is offered.
    if (!offered) return REVIEW_KINDS.map((kind) => ({ kind, pending: null as number | null }));
    return REVIEW_KINDS.flatMap((kind) => {
      const found = offered.find((k) => k.kind === kind);
      return found ? [{ kind, pending: found.pending as number | null }] : [];
    });
  }, [summary.data]);
  const [chosenKind, setKind] = useState<ReviewKind>("kyc");
  const kind = kinds.some((k) => k.kind === chosenKind) ? chosenKind : (kinds[0]?.kind ?? "kyc");
  const [state, setState] = useState<ReviewStateFilter>("pending");
  const list = useReviewList(kind, state);
  const [openId, setOpenId] = useState<string | null>(null);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const open = items.find((item) => item.id === openId) ?? null;

  const columns: ColumnsType<ReviewItem> = [
    {
      title: t("reviews.submitted"),
      dataIndex: "createdAt",
      width: 170,
      render: (value: string) => <span className="admin-mono">{formatDateTime(value)}</span>,
    },
    {
      title: t("reviews.account"),
      dataIndex: "account",
      width: 160,
      render: (account: string | null, item) =>
        can("users.read") && item.userId !== null ? (
          <Link to={`/users/${item.userId}`}>{account}</Link>
        ) : (
          requestOf(item, t)
        ),
    },
    {
      title: t("reviews.subject"),
      key: "subject",
      // Without its own width this column shrank to a letter on a narrow window (the table scrolls instead).
      width: 240,
      ellipsis: true,
      render: (_, item) => subjectSummary(item, t),
    },
    {
      title: t("reviews.state"),
      dataIndex: "state",
      width: 120,
      render: (_, item) => <ReviewStateTag state={item.state} />,
    },
    {
      title: t("reviews.fourEyes"),
      key: "fourEyes",
      width: 130,
      render: (_, item) => <FourEyes item={item} compact />,
    },
    {
      title: t("reviews.decidedAt"),
      dataIndex: "decidedAt",
      width: 170,
      render: (value: string | null) => <span className="admin-mono">{formatDateTime(value)}</span>,
    },
    {
      title: <span className="admin-visually-hidden">{t("common.actions")}</span>,
      key: "actions",
      width: 110,
      align: "right",
      fixed: "right",
      render: (_, item) => (
        <Button
          size="small"
          type={item.state === "pending" && can("reviews.decide") ? "primary" : "default"}
          onClick={() => setOpenId(item.id)}
          aria-label={t("reviews.openAria", { account: requestOf(item, t) })}
        >
          {item.state === "pending" && can("reviews.decide") ? t("reviews.review") : t("reviews.view")}
        </Button>
      ),
    },
  ];

  return (
    <div className="admin-page">
      <PageHead
        title={t("reviews.title")}
        lead={t("reviews.lead")}
        actions={
          <RefreshButton
            onRefresh={() => {
              void summary.refetch();
              void list.refetch();
            }}
          />
        }
      />
      <ListCard<ReviewItem>
        query={list}
        more={list}
        items={items}
        rowKey="id"
        size="middle"
        columns={columns}
        emptyText={t("reviews.empty", { state: t(`reviewStates.${state}`) })}
        onRow={(item) => ({ onDoubleClick: () => setOpenId(item.id) })}
        rowClassName={(item) => (item.id === openId ? "admin-row--open" : "")}
        toolbar={
          <>
            <Tabs
              activeKey={kind}
              onChange={(key) => {
                setKind(key as ReviewKind);
                setOpenId(null);
              }}
              items={kinds.map(({ kind: k, pending }) => ({
                key: k,
                label: (
                  <Space size={6}>
                    {t(`kinds.${k}`)}
                    {pending ? <Badge count={pending} size="small" overflowCount={999} /> : null}
                  </Space>
                ),
              }))}
            />
            <div className="admin-toolbar">
              <Segmented<ReviewStateFilter>
                aria-label={t("reviews.stateFilter")}
                value={state}
                onChange={(value) => {
                  setState(value);
                  setOpenId(null);
                }}
                options={STATES.map((s) => ({ value: s, label: t(`reviewStates.${s}`) }))}
              />
              <Typography.Text type="secondary">
                {list.isSuccess ? t("common.shown", { count: items.length }) : null}
              </Typography.Text>
            </div>
          </>
        }
      />
      <ReviewDrawer item={open} onClose={() => setOpenId(null)} />
    </div>
  );
}
