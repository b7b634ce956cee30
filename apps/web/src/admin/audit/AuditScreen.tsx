import { SearchOutlined } from "@ant-design/icons";
import { AUDIT_ACTIONS, type AuditEntry, type AuditListRequest } from "@brokerage/api";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Button, DatePicker, Form, Input, Select } from "antd";
import type { Dayjs } from "dayjs";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListCard } from "../layout/ListCard";
import { PageHead } from "../layout/PageHead";
import { adminPost } from "../lib/client";
import { auditColumns } from "./columns";

type Filters = Omit<AuditListRequest, "cursor">;
interface FilterForm {
  actor?: string;
  action?: string;
  target?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Every group of actions (an action's prefix, as the server filters them), in the list's order. */
const GROUPS = [...new Set(AUDIT_ACTIONS.map((action) => `${action.split(".")[0]}.`))];

function useAuditList(filters: Filters) {
  return useInfiniteQuery({
    queryKey: ["admin", "audit", filters],
    queryFn: ({ pageParam }) =>
      adminPost("audit/list", {
        ...filters,
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The append-only audit log: who did what, on what, when and why, with filters. */
export function AuditScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const list = useAuditList(filters);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);

  const apply = (values: FilterForm) => {
    const [from, to] = values.range ?? [];
    const next: Filters = {};
    if (values.actor?.trim()) next.actor = values.actor.trim();
    if (values.action) next.action = values.action;
    if (values.target?.trim()) next.target = values.target.trim();
    if (from) next.from = from.startOf("day").toISOString();
    // `to` is exclusive: the whole last day is included.
    if (to) next.to = to.add(1, "day").startOf("day").toISOString();
    setFilters(next);
  };

  const actionOptions = [
    {
      label: t("audit.groups"),
      options: GROUPS.map((g) => ({ value: g, label: t(`audit.group.${g.slice(0, -1)}`) })),
    },
    {
      label: t("audit.actions"),
      options: AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`auditActions.${a}`, { defaultValue: a }) })),
    },
  ];

  return (
    <div className="admin-page">
      <PageHead title={t("audit.title")} lead={t("audit.lead")} />
      <ListCard<AuditEntry>
        query={list}
        more={list}
        items={items}
        rowKey="id"
        size="small"
        columns={auditColumns(t)}
        expandable={{
          expandedRowRender: (entry) => (
            <pre className="admin-json">{JSON.stringify(entry.details, null, 2)}</pre>
          ),
          rowExpandable: (entry) => Object.keys(entry.details).length > 0,
        }}
        emptyText={t("audit.none")}
        toolbar={
          <Form<FilterForm> layout="inline" onFinish={apply} className="admin-filters">
            <Form.Item name="actor" label={t("audit.actor")}>
              <Input allowClear placeholder={t("audit.actorPlaceholder")} className="admin-filters__field" />
            </Form.Item>
            <Form.Item name="action" label={t("audit.action")}>
              <Select
                allowClear
                showSearch
                options={actionOptions}
                placeholder={t("audit.anyAction")}
                className="admin-filters__select"
                aria-label={t("audit.action")}
              />
            </Form.Item>
            <Form.Item name="target" label={t("audit.target")}>
              <Input allowClear placeholder="user:…" className="admin-filters__field" />
            </Form.Item>
            <Form.Item name="range" label={t("audit.period")}>
              <DatePicker.RangePicker allowEmpty={[true, true]} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
                {t("audit.apply")}
              </Button>
            </Form.Item>
          </Form>
        }
      />
    </div>
  );
}
