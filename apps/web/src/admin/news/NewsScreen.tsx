import { EditOutlined, PlusOutlined, StopOutlined } from "@ant-design/icons";
import { LANGUAGES, type AdminNewsArticle } from "@brokerage/api";
import { Button, Space, Tag, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListCard } from "../layout/ListCard";
import { PageHead, RefreshButton } from "../layout/PageHead";
import { formatDateTime } from "../lib/format";
import { useNewsList } from "./api";
import { ArticleDrawer } from "./ArticleDrawer";
import { WithdrawModal } from "./WithdrawModal";
import "./news.css";

const SECTION_COLORS: Record<AdminNewsArticle["category"], string> = { hot: "volcano", stock: "blue" };
const STATE_COLORS: Record<AdminNewsArticle["state"], string> = { published: "green", withdrawn: "red" };

const when = (iso: string) => <span className="admin-news__when admin-mono">{formatDateTime(iso)}</span>;

/**
 * News (`news.manage`): every article in every language and state, newest first; each written and
 * published in a drawer, corrected there while published, and withdrawn with a reason (all audited).
 */
export function NewsScreen() {
  const { t } = useTranslation();
  const list = useNewsList();
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const [editing, setEditing] = useState<AdminNewsArticle | "new" | null>(null);
  const [withdrawing, setWithdrawing] = useState<AdminNewsArticle | null>(null);

  const columns: ColumnsType<AdminNewsArticle> = [
    {
      title: t("news.articleTitle"),
      key: "title",
      width: 300,
      render: (_, article) => (
        <Typography.Text strong className="admin-news__title">
          {article.title}
        </Typography.Text>
      ),
    },
    {
      title: t("news.section"),
      dataIndex: "category",
      width: 120,
      render: (category: AdminNewsArticle["category"]) => (
        <Tag color={SECTION_COLORS[category]}>{t(`news.sections.${category}`)}</Tag>
      ),
    },
    {
      title: t("news.language"),
      dataIndex: "lang",
      width: 110,
      render: (lang: AdminNewsArticle["lang"]) => LANGUAGES[lang].label,
    },
    {
      title: t("news.instrument"),
      key: "instrument",
      width: 160,
      render: (_, article) =>
        article.symbol === null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <div>
            <Typography.Text className="admin-mono">{article.symbol}</Typography.Text>
            {article.name ? (
              <div>
                <Typography.Text type="secondary">{article.name}</Typography.Text>
              </div>
            ) : null}
          </div>
        ),
    },
    {
      title: t("news.state"),
      dataIndex: "state",
      width: 110,
      render: (state: AdminNewsArticle["state"]) => (
        <Tag color={STATE_COLORS[state]}>{t(`news.states.${state}`)}</Tag>
      ),
    },
    { title: t("news.publishedAt"), dataIndex: "publishedAt", width: 180, render: when },
    { title: t("news.by"), dataIndex: "createdBy", width: 130 },
    { title: t("news.updatedAt"), dataIndex: "updatedAt", width: 180, render: when },
    {
      title: t("common.actions"),
      key: "actions",
      width: 220,
      fixed: "right",
      render: (_, article) => {
        const withdrawn = article.state === "withdrawn";
        return (
          <Space size={8}>
            <Tooltip title={withdrawn ? t("news.editLocked") : undefined}>
              <Button
                icon={<EditOutlined aria-hidden />}
                disabled={withdrawn}
                onClick={() => setEditing(article)}
                aria-label={t("news.editAria", { title: article.title })}
              >
                {t("news.edit")}
              </Button>
            </Tooltip>
            <Button
              danger
              icon={<StopOutlined aria-hidden />}
              disabled={withdrawn}
              onClick={() => setWithdrawing(article)}
              aria-label={t("news.withdrawAria", { title: article.title })}
            >
              {t("news.withdraw")}
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <div className="admin-page">
      <PageHead
        title={t("news.title")}
        lead={t("news.lead")}
        actions={
          <>
            <RefreshButton onRefresh={() => void list.refetch()} loading={list.isFetching} />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing("new")}>
              {t("news.create")}
            </Button>
          </>
        }
      />
      <ListCard<AdminNewsArticle>
        query={list}
        more={list}
        items={items}
        rowKey="id"
        columns={columns}
        rowClassName={(article) => (article.state === "withdrawn" ? "admin-row--muted" : "")}
        emptyText={t("news.none")}
      />
      <ArticleDrawer article={editing} onClose={() => setEditing(null)} />
      <WithdrawModal article={withdrawing} onClose={() => setWithdrawing(null)} />
    </div>
  );
}
