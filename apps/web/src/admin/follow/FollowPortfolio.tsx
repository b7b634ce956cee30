import type { AdminFollowDetail, AdminFollowHolding, AdminFollowProduct, TradeOrder } from "@brokerage/api";
import {
  App,
  Button,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminDrawer } from "../layout/FormDrawer";
import { ErrorBlock } from "../layout/ErrorBlock";
import { ReasonModal } from "../layout/ReasonModal";
import { formatDateTime } from "../lib/format";
import { errorText } from "../lib/i18n";
import { moneyText, percentText } from "../lib/money";
import { orderColumns } from "../trading/columns";
import { useFollowCancelOrder, useFollowClosePosition, useFollowDetail, useFollowTrade } from "./api";

/** One idempotency key per order or close: a retry after a lost answer books it once. */
const newIdempotencyKey = () => crypto.randomUUID();

interface TradeValues {
  symbol: string;
  direction: "long" | "short";
  priceType: "market" | "limit";
  price: string;
  quantity: string;
  leverage: number;
  stopLoss: string;
  takeProfit: string;
  reason: string;
}

const TRADE_DEFAULTS: TradeValues = {
  symbol: "",
  direction: "long",
  priceType: "market",
  price: "",
  quantity: "",
  leverage: 1,
  stopLoss: "",
  takeProfit: "",
  reason: "",
};

/**
 * An order of the product's portfolio, with the fields of the normal order form (symbol, long or short,
 * market or limit, the limit, the quantity, the leverage, stop-loss and take-profit) and the audited
 * reason: `follow/trade` takes it through the normal order path, its checks and charges. One idempotency
 * key per order: a retry after a lost answer places it once.
 */
function TradeForm({ product }: { product: AdminFollowProduct }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TradeValues>();
  const trade = useFollowTrade();
  const [key, setKey] = useState(newIdempotencyKey);
  const priceType = Form.useWatch("priceType", form);
  const required = (label: string) => [
    { required: true, whitespace: true, message: t("blockTrades.problems.requiredField", { label }) },
  ];
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    trade.mutate(
      {
        productId: product.id,
        symbol: v.symbol.trim().toUpperCase(),
        direction: v.direction,
        priceType: v.priceType,
        ...(v.priceType === "limit" && v.price.trim() ? { price: v.price.trim() } : {}),
        quantity: v.quantity.trim(),
        leverage: v.leverage,
        ...(v.stopLoss.trim() ? { stopLoss: v.stopLoss.trim() } : {}),
        ...(v.takeProfit.trim() ? { takeProfit: v.takeProfit.trim() } : {}),
        idempotencyKey: key,
        reason: v.reason.trim(),
      },
      {
        onSuccess: (order) => {
          void message.success(
            t("follow.traded", { orderNo: order.orderNo, state: t(`orders.states.${order.state}`) }),
          );
          form.resetFields();
          setKey(newIdempotencyKey());
        },
      },
    );
  };
  const active = product.state === "active";
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={TRADE_DEFAULTS}
      name={`follow-trade-${product.id}`}
      disabled={!active}
    >
      {!active && <Typography.Paragraph type="secondary">{t("follow.noTrading")}</Typography.Paragraph>}
      <Space size={16} wrap align="start">
        <Form.Item name="symbol" label={t("blockTrades.symbol")} rules={required(t("blockTrades.symbol"))}>
          <Input maxLength={32} autoComplete="off" className="admin-mono" />
        </Form.Item>
        <Form.Item name="direction" label={t("follow.direction")}>
          <Radio.Group
            optionType="button"
            options={(["long", "short"] as const).map((d) => ({
              value: d,
              label: t(`orders.directions.${d}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="priceType" label={t("follow.priceType")}>
          <Radio.Group
            optionType="button"
            options={(["market", "limit"] as const).map((p) => ({
              value: p,
              label: t(`orders.priceTypes.${p}`),
            }))}
          />
        </Form.Item>
      </Space>
      <Space size={16} wrap align="start">
        {priceType === "limit" && (
          <Form.Item name="price" label={t("orders.limitPrice")} rules={required(t("orders.limitPrice"))}>
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item name="quantity" label={t("follow.quantity")} rules={required(t("follow.quantity"))}>
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item name="leverage" label={t("follow.leverage")}>
          <InputNumber min={1} max={1000} precision={0} />
        </Form.Item>
        <Form.Item name="stopLoss" label={t("follow.orderStopLoss")}>
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item name="takeProfit" label={t("follow.takeProfit")}>
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
      </Space>
      <Form.Item
        name="reason"
        label={t("blockTrades.reason")}
        extra={t("blockTrades.reasonHint")}
        rules={required(t("blockTrades.reason"))}
      >
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
      {trade.isError && (
        <Typography.Paragraph type="danger" role="alert">
          {errorText(trade.error)}
        </Typography.Paragraph>
      )}
      <Button type="primary" loading={trade.isPending} onClick={() => void submit()}>
        {t("follow.placeOrder")}
      </Button>
    </Form>
  );
}

function holdingColumns(t: ReturnType<typeof useTranslation>["t"]): ColumnsType<AdminFollowHolding> {
  const m = (v: string | null, h: AdminFollowHolding, signed = false) =>
    v === null ? "—" : <span className="admin-mono">{moneyText(v, h.currency, signed)}</span>;
  return [
    { title: t("follow.account"), dataIndex: "account", width: 140 },
    {
      title: t("follow.holdingStateTitle"),
      dataIndex: "state",
      width: 130,
      render: (s: AdminFollowHolding["state"]) => <Tag>{t(`follow.holdingStates.${s}`)}</Tag>,
    },
    {
      title: t("follow.paidIn"),
      key: "amount",
      width: 130,
      align: "right",
      render: (_, h) => m(h.amount, h),
    },
    {
      title: t("follow.units"),
      dataIndex: "units",
      width: 140,
      align: "right",
      render: (v: string | null) => v ?? "—",
    },
    {
      title: t("follow.value"),
      key: "value",
      width: 130,
      align: "right",
      render: (_, h) => m(h.payout ?? h.value, h),
    },
    { title: t("follow.pnl"), key: "pnl", width: 130, align: "right", render: (_, h) => m(h.pnl, h, true) },
    {
      title: t("follow.copyStopLoss"),
      key: "stop",
      width: 170,
      render: (_, h) =>
        t("follow.stopText", { percent: h.copyStopLoss, value: moneyText(h.stopValue, h.currency) }),
    },
    {
      title: t("follow.since"),
      key: "since",
      width: 190,
      render: (_, h) => formatDateTime(h.since ?? h.createdAt),
    },
  ];
}

/**
 * A product's portfolio and followers (`follow/detail`): its cash, value and fees; its open positions
 * (each closable through the normal close path) and waiting orders (cancellable), each with the audited
 * reason; the order form; its finished orders; and every follower's holding. Nothing here sets a NAV, a
 * unit count or a result.
 */
export function FollowPortfolio({
  product,
  onClose,
}: {
  product: AdminFollowProduct | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useFollowDetail(product?.id ?? null);
  return (
    <AdminDrawer
      open={product !== null}
      onClose={onClose}
      size={1100}
      title={product ? t("follow.portfolioTitle", { name: product.name }) : ""}
    >
      {product &&
        (detail.isError ? (
          <ErrorBlock error={detail.error} onRetry={() => void detail.refetch()} />
        ) : detail.data ? (
          <PortfolioBody product={product} detail={detail.data} />
        ) : (
          <Typography.Text type="secondary">{t("common.loading")}</Typography.Text>
        ))}
    </AdminDrawer>
  );
}

function PortfolioBody({ product, detail }: { product: AdminFollowProduct; detail: AdminFollowDetail }) {
  const { t } = useTranslation();
  const [closing, setClosing] = useState<TradeOrder | null>(null);
  const [cancelling, setCancelling] = useState<TradeOrder | null>(null);
  const closePosition = useFollowClosePosition();
  const cancelOrder = useFollowCancelOrder();
  const [closeKey, setCloseKey] = useState(newIdempotencyKey);
  const c = detail.product.currency;
  const open = detail.orders.filter((o) => o.state === "open" || o.state === "closing");
  const pending = detail.orders.filter((o) => o.state === "pending" || o.state === "review");
  const finished = detail.orders.filter((o) => !open.includes(o) && !pending.includes(o));
  const active = detail.product.state === "active";
  const action = (label: "close" | "cancel", onClick: (order: TradeOrder) => void, disabled = false) => ({
    title: t("follow.actions"),
    key: "actions",
    width: 120,
    fixed: "right" as const,
    render: (_: unknown, o: TradeOrder) => (
      <Button
        size="small"
        danger
        disabled={disabled || o.state !== (label === "close" ? "open" : "pending")}
        onClick={() => onClick(o)}
      >
        {t(label === "close" ? "follow.closePosition" : "follow.cancelOrder")}
      </Button>
    ),
  });
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={3}
        items={[
          {
            key: "nav",
            label: t("follow.nav"),
            children: <span className="admin-mono">{detail.product.nav}</span>,
          },
          { key: "navAt", label: t("follow.navAt"), children: formatDateTime(detail.product.navAt) },
          {
            key: "units",
            label: t("follow.unitsOut"),
            children: <span className="admin-mono">{detail.product.units}</span>,
          },
          { key: "cash", label: t("follow.cash"), children: moneyText(detail.portfolio.cash, c) + ` ${c}` },
          {
            key: "positions",
            label: t("follow.positionsValue"),
            children: moneyText(detail.portfolio.positionsValue, c) + ` ${c}`,
          },
          {
            key: "value",
            label: t("follow.portfolioValue"),
            children: moneyText(detail.portfolio.value, c) + ` ${c}`,
          },
          {
            key: "accrued",
            label: t("follow.accruedFees"),
            children: moneyText(detail.product.accruedFees, c) + ` ${c}`,
          },
          {
            key: "leader",
            label: t("follow.leaderPaid"),
            children: moneyText(detail.fees.leaderPaid, c) + ` ${c}`,
          },
          {
            key: "platform",
            label: t("follow.platformPaid"),
            children: moneyText(detail.fees.platformPaid, c) + ` ${c}`,
          },
          {
            key: "risk",
            label: t("follow.riskScore"),
            children: detail.risk.score === null ? t("follow.riskNone") : `${detail.risk.score}/10`,
          },
          { key: "drawdown", label: t("follow.maxDrawdown"), children: `${detail.risk.maxDrawdown}%` },
          {
            key: "fees",
            label: t("follow.fees"),
            children: t("follow.feesText", {
              management: percentText(detail.fees.managementFeeRate),
              performance: percentText(detail.fees.performanceFeeRate),
              leader: percentText(detail.fees.leaderShare),
            }),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" className="admin-follow__note">
        {t("follow.honestNote")}
      </Typography.Paragraph>
      <Tabs
        items={[
          {
            key: "positions",
            label: t("follow.tabs.positions", { count: open.length }),
            children: (
              <>
                <Table<TradeOrder>
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={open}
                  columns={[
                    ...orderColumns(t, "positions"),
                    action(
                      "close",
                      (o: TradeOrder) => {
                        setCloseKey(newIdempotencyKey());
                        setClosing(o);
                      },
                      !active,
                    ),
                  ]}
                  scroll={{ x: 1900 }}
                  locale={{ emptyText: t("orders.empty.positions") }}
                />
                <Typography.Title level={5}>{t("orders.tabs.pending")}</Typography.Title>
                <Table<TradeOrder>
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={pending}
                  columns={[
                    ...orderColumns(t, "pending"),
                    action("cancel", (o: TradeOrder) => setCancelling(o), !active),
                  ]}
                  scroll={{ x: 1600 }}
                  locale={{ emptyText: t("orders.empty.pending") }}
                />
              </>
            ),
          },
          { key: "trade", label: t("follow.tabs.trade"), children: <TradeForm product={product} /> },
          {
            key: "followers",
            label: t("follow.tabs.followers", { count: detail.holdings.length }),
            children: (
              <Table<AdminFollowHolding>
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={detail.holdings}
                columns={holdingColumns(t)}
                scroll={{ x: 1160 }}
                locale={{ emptyText: t("follow.noFollowers") }}
              />
            ),
          },
          {
            key: "finished",
            label: t("orders.tabs.finished"),
            children: (
              <Table<TradeOrder>
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={finished}
                columns={orderColumns(t, "finished")}
                scroll={{ x: 1700 }}
                locale={{ emptyText: t("orders.empty.finished") }}
              />
            ),
          },
        ]}
      />
      <ReasonModal<object>
        open={closing !== null}
        title={t("follow.closePositionTitle", { symbol: closing?.symbol ?? "" })}
        okText={t("follow.closePosition")}
        danger
        initialValues={{}}
        pending={closePosition.isPending}
        error={closePosition.error}
        reasonLabel={t("blockTrades.reason")}
        reasonHint={t("blockTrades.reasonHint")}
        onSubmit={({ reason }) =>
          closing &&
          closePosition.mutate(
            { productId: product.id, positionId: closing.id, idempotencyKey: closeKey, reason },
            { onSuccess: () => setClosing(null) },
          )
        }
        onCancel={() => {
          setClosing(null);
          closePosition.reset();
        }}
      />
      <ReasonModal<object>
        open={cancelling !== null}
        title={t("follow.cancelOrderTitle", { symbol: cancelling?.symbol ?? "" })}
        okText={t("follow.cancelOrder")}
        danger
        initialValues={{}}
        pending={cancelOrder.isPending}
        error={cancelOrder.error}
        reasonLabel={t("blockTrades.reason")}
        reasonHint={t("blockTrades.reasonHint")}
        onSubmit={({ reason }) =>
          cancelling &&
          cancelOrder.mutate(
            { productId: product.id, orderId: cancelling.id, reason },
            { onSuccess: () => setCancelling(null) },
          )
        }
        onCancel={() => {
          setCancelling(null);
          cancelOrder.reset();
        }}
      />
    </>
  );
}
