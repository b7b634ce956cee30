import { ReloadOutlined } from "@ant-design/icons";
import { Button, Tooltip, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A page's heading: its title and one line on what it is for, with the page's actions on the right. */
export function PageHead({ title, lead, actions }: { title: string; lead: string; actions?: ReactNode }) {
  return (
    <div className="admin-page__head">
      <div>
        <Typography.Title level={4} className="admin-page__title">
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{lead}</Typography.Text>
      </div>
      {actions ? <div className="admin-page__actions">{actions}</div> : null}
    </div>
  );
}

/** Asks the server again for what the page shows. */
export function RefreshButton({ onRefresh, loading }: { onRefresh: () => void; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t("common.refresh")}>
      <Button
        icon={<ReloadOutlined aria-hidden />}
        aria-label={t("common.refresh")}
        onClick={onRefresh}
        loading={loading}
      />
    </Tooltip>
  );
}
