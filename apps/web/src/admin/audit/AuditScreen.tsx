import { SearchOutlined } from "@ant-design/icons";
import { ADMIN_ROLES, AUDIT_ACTIONS, type AdminRole, type AuditListRequest } from "@brokerage/api";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Button, DatePicker, Form, Input, Select } from "antd";
import type { Dayjs } from "dayjs";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListCard } from "../layout/ListCard";
import { PageHead } from "../layout/PageHead";
import { adminPost } from "../lib/client";
import { AuditDrawer } from "./AuditDrawer";
import { auditColumns } from "./columns";
import { actionText, type AnyAuditEntry } from "./words";
import "./audit.css";

type Filters = Omit<AuditListRequest, "cursor">;
interface FilterForm {
  actor?: string;
  role?: AdminRole;
  action?: string;
  target?: string;
  user?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Every group of actions (an action's prefix, as the server filters them), in the list's order. */
const GROUPS = [...new Set(AUDIT_ACTIONS.map((action) => `${action.split(".")[0]}.`))];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A user's id as typed: bare, or as a target (`user:<id>`, copied from a row). */
const userIdOf = (text: string) => text.trim().replace(/^user:/, "");

/** The object field: a target ending in ":" or "." is a start (`review:`, `config:trading.`), else exact. */
function targetFilter(text: string): Pick<Filters, "target" | "targetPrefix"> {
  const target = text.trim();
  if (!target) return {};
  return target.endsWith(":") || target.endsWith(".") ? { targetPrefix: target } : { target };
}

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
  const [open, setOpen] = useState<AnyAuditEntry | null>(null);

  const apply = (values: FilterForm) => {
    const [from, to] = values.range ?? [];
    const next: Filters = {};
    if (values.actor?.trim()) next.actor = values.actor.trim();
    if (values.role) next.role = values.role;
    if (values.action) next.action = values.action;
    Object.assign(next, targetFilter(values.target ?? ""));
    if (values.user?.trim()) next.user = userIdOf(values.user);
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
      options: AUDIT_ACTIONS.map((a) => ({ value: a, label: actionText(t, a) })),
    },
  ];

  return (
    <div className="admin-page">
      <PageHead title={t("audit.title")} lead={t("audit.lead")} />
      <ListCard<AnyAuditEntry>
        query={list}
        more={list}
        items={items}
        rowKey="id"
        size="small"
        columns={auditColumns(t, { onOpen: setOpen })}
        scroll={{ x: 1240 }}
        emptyText={t("audit.none")}
        toolbar={
          <Form<FilterForm> layout="inline" onFinish={apply} className="admin-filters">
            <Form.Item name="actor" label={t("audit.actor")}>
              <Input allowClear placeholder={t("audit.actorPlaceholder")} className="admin-filters__field" />
            </Form.Item>
            <Form.Item name="role" label={t("audit.role")}>
              <Select
                allowClear
                options={ADMIN_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
                placeholder={t("audit.anyRole")}
                className="admin-filters__field"
                aria-label={t("audit.role")}
              />
            </Form.Item>
            <Form.Item name="action" label={t("audit.action")}>
              <Select
                allowClear
                showSearch
                options={actionOptions}
                // About fifty options: all rendered, so typing or scrolling finds any of them.
                virtual={false}
                placeholder={t("audit.anyAction")}
                className="admin-filters__select"
                aria-label={t("audit.action")}
              />
            </Form.Item>
            <Form.Item name="target" label={t("audit.target")} tooltip={t("audit.targetHint")}>
              <Input allowClear placeholder="review:" className="admin-filters__field" />
            </Form.Item>
            <Form.Item
              name="user"
              label={t("audit.user")}
              rules={[
                {
                  validator: (_, value: string | undefined) =>
                    !value?.trim() || UUID.test(userIdOf(value))
                      ? Promise.resolve()
                      : Promise.reject(new Error(t("audit.userInvalid"))),
                },
              ]}
            >
              <Input allowClear placeholder={t("audit.userPlaceholder")} className="admin-filters__field" />
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
      <AuditDrawer entry={open} onClose={() => setOpen(null)} />
    </div>
  );
}
