import { EditOutlined, PlusOutlined } from "@ant-design/icons";
import { CURRENCIES, type AdminDepositChannel } from "@brokerage/api";
import { Button, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListCard } from "../layout/ListCard";
import { PageHead, RefreshButton } from "../layout/PageHead";
import { formatDateTime } from "../lib/format";
import { moneyText } from "../lib/money";
import { useChannelList } from "./api";
import { ChannelDrawer } from "./ChannelDrawer";
import "./channels.css";

/** What a user pays into, in one line: the account number, the address or the key. */
function detailLine(channel: AdminDepositChannel): string {
  switch (channel.kind) {
    case "bank":
      return `${channel.details.bankName} · ${channel.details.accountNumber}`;
    case "crypto":
      return `${channel.details.network} · ${channel.details.address}`;
    case "otc":
      return channel.details.key;
  }
}

/**
 * Deposit channels (`channels.manage`): every channel with what users pay into, the currencies it
 * takes and their limits, whether a voucher is required and whether it is offered; each created or
 * changed in a drawer with a reason (audited). Channels are disabled, never deleted.
 */
export function ChannelsScreen() {
  const { t } = useTranslation();
  const list = useChannelList();
  const [open, setOpen] = useState<AdminDepositChannel | "new" | null>(null);

  const columns: ColumnsType<AdminDepositChannel> = [
    {
      title: t("channels.name"),
      key: "name",
      width: 220,
      render: (_, channel) => (
        <div>
          <Typography.Text strong>{channel.name}</Typography.Text>
          {channel.demo ? (
            <Tag color="orange" className="admin-channel__demo">
              {t("channels.demo")}
            </Tag>
          ) : null}
          <div>
            <Typography.Text type="secondary" className="admin-mono admin-channel__detail">
              {detailLine(channel)}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t("channels.kind"),
      dataIndex: "kind",
      width: 120,
      render: (kind: AdminDepositChannel["kind"]) => t(`channels.kinds.${kind}`),
    },
    {
      title: t("channels.limits"),
      key: "limits",
      width: 230,
      render: (_, channel) => (
        <ul className="admin-channel__limits">
          {CURRENCIES.flatMap((currency) => {
            const range = channel.limits[currency];
            return range
              ? [
                  <li key={currency} className="admin-mono">
                    {currency} {moneyText(range.min, currency)} – {moneyText(range.max, currency)}
                  </li>,
                ]
              : [];
          })}
        </ul>
      ),
    },
    {
      title: t("channels.voucher"),
      dataIndex: "voucherRequired",
      width: 100,
      render: (required: boolean) =>
        required ? <Tag color="blue">{t("channels.voucherYes")}</Tag> : <Tag>{t("channels.voucherNo")}</Tag>,
    },
    {
      title: t("channels.status"),
      dataIndex: "enabled",
      width: 100,
      render: (enabled: boolean) =>
        enabled ? <Tag color="green">{t("channels.on")}</Tag> : <Tag color="red">{t("channels.off")}</Tag>,
    },
    { title: t("channels.sort"), dataIndex: "sort", width: 80 },
    {
      title: t("channels.updatedAt"),
      dataIndex: "updatedAt",
      width: 150,
      render: (v: string) => <span className="admin-mono">{formatDateTime(v)}</span>,
    },
    {
      title: t("common.actions"),
      key: "edit",
      width: 120,
      fixed: "right",
      render: (_, channel) => (
        <Button
          icon={<EditOutlined aria-hidden />}
          onClick={() => setOpen(channel)}
          aria-label={t("channels.editAria", { name: channel.name })}
        >
          {t("channels.edit")}
        </Button>
      ),
    },
  ];

  return (
    <div className="admin-page">
      <PageHead
        title={t("channels.title")}
        lead={t("channels.lead")}
        actions={
          <>
            <RefreshButton onRefresh={() => void list.refetch()} loading={list.isFetching} />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setOpen("new")}>
              {t("channels.create")}
            </Button>
          </>
        }
      />
      <ListCard<AdminDepositChannel>
        query={list}
        items={list.data?.items ?? []}
        rowKey="id"
        columns={columns}
        rowClassName={(channel) => (channel.enabled ? "" : "admin-row--muted")}
        emptyText={t("channels.none")}
      />
      <ChannelDrawer channel={open} onClose={() => setOpen(null)} />
    </div>
  );
}
