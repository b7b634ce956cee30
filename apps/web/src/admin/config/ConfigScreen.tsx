import { EditOutlined } from "@ant-design/icons";
import type { ConfigItem } from "@brokerage/api";
import { Button, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListCard } from "../layout/ListCard";
import { PageHead, RefreshButton } from "../layout/PageHead";
import { formatDateTime } from "../lib/format";
import { useConfigList } from "./api";
import { ConfigDrawer } from "./ConfigDrawer";
import { valueText } from "./kinds";
import { ControlTag } from "./PendingChange";
import "./config.css";

/**
 * Configuration (DESIGN §4.1): every typed key with the value in use, its default and whether it is
 * overridden; each edited in a drawer with a reason. Only roles with `config.manage` reach this page.
 * A control setting's change waits for a second administrator: the list shows it, the drawer decides it.
 */
export function ConfigScreen() {
  const { t, i18n } = useTranslation();
  const list = useConfigList();
  const [openKey, setOpenKey] = useState<string | null>(null);
  // Read from the list, so a decision taken in the drawer shows there once the list is read again.
  const open = list.data?.items.find((item) => item.key === openKey) ?? null;
  const label = (item: ConfigItem) => t(`config.keys.${item.key}.label`, { defaultValue: item.key });

  const columns: ColumnsType<ConfigItem> = [
    {
      title: t("config.setting"),
      key: "setting",
      width: 300,
      render: (_, item) => (
        <div>
          <Typography.Text strong>{label(item)}</Typography.Text> <ControlTag item={item} />
          <div>
            <Typography.Text type="secondary" className="admin-mono">
              {item.key}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t("config.current"),
      dataIndex: "value",
      render: (value: unknown, item) => valueText(t, i18n.language, item.key, value),
    },
    {
      title: t("config.default"),
      dataIndex: "default",
      render: (value: unknown, item) => (
        <Typography.Text type="secondary">{valueText(t, i18n.language, item.key, value)}</Typography.Text>
      ),
    },
    {
      title: t("config.status"),
      key: "status",
      width: 200,
      render: (_, item) =>
        item.pendingChange ? (
          <div>
            <Tag color="gold">{t("config.pendingTag")}</Tag>
            <div>
              <Typography.Text type="secondary" className="admin-config__changed">
                {t("config.pendingBy", {
                  account: item.pendingChange.requestedBy,
                  at: formatDateTime(item.pendingChange.requestedAt),
                })}
              </Typography.Text>
            </div>
          </div>
        ) : item.overridden ? (
          <div>
            <Tag color="blue">{t("config.overridden")}</Tag>
            <div>
              <Typography.Text type="secondary" className="admin-config__changed">
                {t("config.changedBy", {
                  account: item.updatedBy ?? "—",
                  at: formatDateTime(item.updatedAt),
                })}
              </Typography.Text>
            </div>
          </div>
        ) : (
          <Tag>{t("config.isDefault")}</Tag>
        ),
    },
    {
      title: t("common.actions"),
      key: "edit",
      width: 110,
      render: (_, item) => (
        <Button
          icon={<EditOutlined aria-hidden />}
          onClick={() => setOpenKey(item.key)}
          aria-label={t("config.editAria", { label: label(item) })}
        >
          {t("config.edit")}
        </Button>
      ),
    },
  ];

  return (
    <div className="admin-page">
      <PageHead
        title={t("config.title")}
        lead={t("config.lead")}
        actions={<RefreshButton onRefresh={() => void list.refetch()} loading={list.isFetching} />}
      />
      <ListCard<ConfigItem>
        query={list}
        items={list.data?.items ?? []}
        rowKey="key"
        columns={columns}
        emptyText={t("config.none")}
      />
      <ConfigDrawer item={open} onClose={() => setOpenKey(null)} />
    </div>
  );
}
