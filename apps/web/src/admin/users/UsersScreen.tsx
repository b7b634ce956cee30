import type { UserSummary } from "@brokerage/api";
import { Input, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ListCard } from "../layout/ListCard";
import { PageHead } from "../layout/PageHead";
import { formatDateTime } from "../lib/format";
import { useUserSearch } from "./api";
import { FlagTags, KycTag } from "./parts";

/** User search by account, real name or invitation code; the query stays in the address (?q=). */
export function UsersScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const search = useUserSearch(q);
  const items = useMemo(() => search.data?.pages.flatMap((page) => page.items) ?? [], [search.data]);

  const columns: ColumnsType<UserSummary> = [
    {
      title: t("users.account"),
      dataIndex: "account",
      width: 180,
      render: (account: string, user) => <Link to={`/users/${user.id}`}>{account}</Link>,
    },
    { title: t("users.realName"), dataIndex: "realname", render: (v: string | null) => v ?? "—" },
    {
      title: t("users.inviteCode"),
      dataIndex: "inviteCode",
      width: 130,
      render: (v: string) => <span className="admin-mono">{v}</span>,
    },
    {
      title: t("users.kyc"),
      dataIndex: "kycStatus",
      width: 140,
      render: (_, user) => <KycTag status={user.kycStatus} />,
    },
    { title: t("users.creditScore"), dataIndex: "creditScore", width: 110, align: "right" },
    {
      title: t("users.flags"),
      key: "flags",
      width: 160,
      render: (_, user) => <FlagTags flags={user.flags} />,
    },
    {
      title: t("users.createdAt"),
      dataIndex: "createdAt",
      width: 190,
      render: (v: string) => <span className="admin-mono">{formatDateTime(v)}</span>,
    },
  ];

  return (
    <div className="admin-page">
      <PageHead title={t("users.title")} lead={t("users.lead")} />
      <ListCard<UserSummary>
        query={search}
        more={search}
        items={items}
        rowKey="id"
        columns={columns}
        emptyText={q ? t("users.noMatch", { q }) : t("users.none")}
        onRow={(user) => ({
          onDoubleClick: () => void navigate(`/users/${user.id}`),
        })}
        toolbar={
          <div className="admin-toolbar">
            <Input.Search
              key={q}
              defaultValue={q}
              allowClear
              enterButton={t("users.search")}
              placeholder={t("users.searchPlaceholder")}
              aria-label={t("users.searchPlaceholder")}
              className="admin-search"
              onSearch={(value) => setParams(value.trim() ? { q: value.trim() } : {})}
              loading={search.isFetching && !search.isFetchingNextPage}
            />
            <Typography.Text type="secondary">
              {search.isSuccess ? t("common.shown", { count: items.length }) : null}
            </Typography.Text>
          </div>
        }
      />
    </div>
  );
}
