import { ReloadOutlined } from "@ant-design/icons";
import { ADMIN_ORDER_TABS, type AdminOrderTab, type TradeOrder } from "@brokerage/api";
import { Button, Card, Table, Tabs, Tooltip } from "antd";
import { useIsFetching, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBlock } from "../layout/ErrorBlock";
import { LoadMore } from "../layout/LoadMore";
import { useUserOrders, userOrdersKey } from "./api";
import { orderColumns } from "./columns";
import "./orders.css";

/** One tab's table, newest first, with "load more" (keyset paging). */
function OrdersTable({ userId, tab }: { userId: string; tab: AdminOrderTab }) {
  const { t } = useTranslation();
  const orders = useUserOrders(userId, tab);
  const items = useMemo(() => orders.data?.pages.flatMap((page) => page.items) ?? [], [orders.data]);
  const columns = useMemo(() => orderColumns(t, tab), [t, tab]);
  if (orders.isError && !orders.data)
    return <ErrorBlock error={orders.error} onRetry={() => void orders.refetch()} />;
  // Wider than the page: it scrolls in a region of its own that a keyboard can reach and a reader can name.
  return (
    <>
      <div className="admin-orders__scroll" role="region" aria-label={t(`orders.tabs.${tab}`)} tabIndex={0}>
        <Table<TradeOrder>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={items}
          loading={orders.isPending || (orders.isFetching && !orders.isFetchingNextPage)}
          pagination={false}
          tableLayout="fixed"
          style={{ minWidth: 1700 }}
          locale={{ emptyText: t(`orders.empty.${tab}`) }}
        />
      </div>
      <LoadMore query={orders} />
    </>
  );
}

/**
 * A user's orders and positions in their detail page (DESIGN §5 Back office), for roles with
 * `trading.read`: open positions valued at the current price, pending orders, finished ones.
 */
export function OrdersSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<AdminOrderTab>("positions");
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: userOrdersKey(userId) }) > 0;
  const refresh = (
    <Tooltip title={t("common.refresh")}>
      <Button
        icon={<ReloadOutlined />}
        aria-label={t("orders.refresh")}
        loading={fetching}
        onClick={() => void queryClient.invalidateQueries({ queryKey: userOrdersKey(userId) })}
      />
    </Tooltip>
  );
  return (
    <Card
      variant="borderless"
      className="admin-card admin-card--tabs"
      title={t("orders.title")}
      extra={refresh}
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as AdminOrderTab)}
        items={ADMIN_ORDER_TABS.map((key) => ({
          key,
          label: t(`orders.tabs.${key}`),
          children: <OrdersTable userId={userId} tab={key} />,
        }))}
      />
    </Card>
  );
}
