import { EditOutlined } from "@ant-design/icons";
import type { ConfigItem } from "@brokerage/api";
import { Button, Tag, Typography } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../lib/format";
import { ControlTag } from "./PendingChange";
import { ValueView } from "./ValueView";

/** Whether the key has its default, a stored value, or a change waiting for a second administrator. */
function State({ item }: { item: ConfigItem }) {
  const { t } = useTranslation();
  if (item.pendingChange)
    return (
      <>
        <Tag color="gold">{t("config.pendingTag")}</Tag>
        <Typography.Text type="secondary" className="admin-config__changed">
          {t("config.pendingBy", {
            account: item.pendingChange.requestedBy,
            at: formatDateTime(item.pendingChange.requestedAt),
          })}
        </Typography.Text>
      </>
    );
  if (item.overridden)
    return (
      <>
        <Tag color="blue">{t("config.overridden")}</Tag>
        <Typography.Text type="secondary" className="admin-config__changed">
          {t("config.changedBy", { account: item.updatedBy ?? "—", at: formatDateTime(item.updatedAt) })}
        </Typography.Text>
      </>
    );
  return <Tag>{t("config.isDefault")}</Tag>;
}

/** One key on the page: what it is and means, its value in words (and the default it replaces), its state. */
export function ConfigRow({ item, onEdit }: { item: ConfigItem; onEdit: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const label = t(`config.keys.${item.key}.label`, { defaultValue: item.key });
  const hint = t(`config.keys.${item.key}.hint`, { defaultValue: "" });
  return (
    <article className="admin-config__row" aria-labelledby={id}>
      <div className="admin-config__what">
        <Typography.Text strong id={id}>
          {label}
        </Typography.Text>{" "}
        <ControlTag item={item} />
        <Typography.Paragraph type="secondary" className="admin-config__hint" title={hint}>
          {hint}
        </Typography.Paragraph>
        <Typography.Text type="secondary" className="admin-mono admin-config__key">
          {item.key}
        </Typography.Text>
      </div>
      <div className="admin-config__value">
        <ValueView settingKey={item.key} value={item.value} />
        {item.overridden ? (
          <Typography.Text type="secondary" className="admin-config__default">
            {t("config.defaultWas")} <ValueView settingKey={item.key} value={item.default} />
          </Typography.Text>
        ) : null}
      </div>
      <div className="admin-config__state">
        <State item={item} />
      </div>
      <Button
        icon={<EditOutlined aria-hidden />}
        onClick={onEdit}
        aria-label={t("config.editAria", { label })}
        className="admin-config__edit"
      >
        {t("config.edit")}
      </Button>
    </article>
  );
}
