import { ADMIN_SUPPORT_FILTERS, type AdminSupportFilter, type AdminSupportThread } from "@brokerage/api";
import { Badge, Card, Col, Row, Segmented, Statistic, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListCard } from "../layout/ListCard";
import { PageHead, RefreshButton } from "../layout/PageHead";
import { formatDateTime } from "../lib/format";
import { SUPPORT_KEY, useSupportStats, useSupportThreads } from "./api";
import { ComplaintTags } from "./ComplaintTags";
import { ThreadPanel } from "./ThreadPanel";
import "./support.css";

/** The complaint counts and the clock's settings over the inbox. */
function SupportStats() {
  const { t } = useTranslation();
  const stats = useSupportStats();
  const s = stats.data;
  const figures: [string, number | string | undefined][] = [
    [t("support.stats.openThreads"), s?.openThreads],
    [t("support.stats.unreadThreads"), s?.unreadThreads],
    [t("support.stats.complaints"), s?.complaints],
    [t("support.stats.openComplaints"), s?.openComplaints],
    [t("support.stats.escalated"), s?.escalated],
    [t("support.stats.answeredInTime"), s ? `${s.answeredInTime} / ${s.answered}` : undefined],
  ];
  return (
    <Card variant="borderless" className="admin-card admin-support__stats" loading={stats.isPending}>
      <Row gutter={16}>
        {figures.map(([title, value]) => (
          <Col key={title} span={4}>
            <Statistic title={title} value={value ?? "—"} />
          </Col>
        ))}
      </Row>
      {s && (
        <Typography.Paragraph type="secondary" className="admin-support__rule">
          {t("support.rule", { days: s.answerDays, before: s.escalateDays, route: s.outsideRoute })}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/**
 * The support inbox (`support.handle`): threads by filter with what staff have not read, the assignee and
 * a complaint's clock; one thread beside it to answer, assign and close. Every read and change is audited.
 */
export function SupportScreen() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AdminSupportFilter>("open");
  const [selected, setSelected] = useState<string | null>(null);
  const list = useSupportThreads(filter);
  const stats = useSupportStats();
  const queryClient = useQueryClient();
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);

  const columns: ColumnsType<AdminSupportThread> = [
    {
      title: t("support.subject"),
      key: "subject",
      render: (_, thread) => (
        <button
          type="button"
          className="admin-support__open"
          aria-label={t("support.openAria", {
            subject: thread.subject || t("support.imageSubject"),
            account: thread.userAccount,
          })}
          onClick={() => setSelected(thread.id)}
        >
          <Badge count={thread.unread} size="small" offset={[8, 0]}>
            <Typography.Text strong>{thread.subject || t("support.imageSubject")}</Typography.Text>
          </Badge>
          <Typography.Text type="secondary" className="admin-support__when">
            {t("support.lastMessageAt", { at: formatDateTime(thread.lastMessageAt) })}
          </Typography.Text>
        </button>
      ),
    },
    { title: t("support.user"), dataIndex: "userAccount", width: 130 },
    {
      title: t("support.assignee"),
      key: "assignee",
      width: 110,
      render: (_, thread) =>
        thread.assignedTo?.account ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: t("support.complaint"),
      key: "complaint",
      width: 190,
      render: (_, thread) =>
        thread.complaint ? (
          <div>
            <ComplaintTags complaint={thread.complaint} />
            <div className="admin-support__due">
              {t("support.due", { dueAt: formatDateTime(thread.complaint.dueAt) })}
            </div>
          </div>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];

  return (
    <div className="admin-page">
      <PageHead
        title={t("support.title")}
        lead={t("support.lead")}
        actions={
          <RefreshButton
            onRefresh={() => void queryClient.invalidateQueries({ queryKey: SUPPORT_KEY })}
            loading={list.isFetching}
          />
        }
      />
      <SupportStats />
      <div className="admin-support">
        <div className="admin-support__list">
          <ListCard<AdminSupportThread>
            query={list}
            more={list}
            items={items}
            rowKey="id"
            columns={columns}
            rowClassName={(thread) => (thread.id === selected ? "admin-row--selected" : "")}
            emptyText={t("support.none")}
            toolbar={
              <Segmented<AdminSupportFilter>
                className="admin-support__filter"
                value={filter}
                onChange={(value) => setFilter(value)}
                options={ADMIN_SUPPORT_FILTERS.map((value) => ({
                  value,
                  label: t(`support.filters.${value}`),
                }))}
              />
            }
          />
        </div>
        <ThreadPanel id={selected} outsideRoute={stats.data?.outsideRoute ?? ""} />
      </div>
    </div>
  );
}
