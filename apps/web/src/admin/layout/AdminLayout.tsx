import {
  AuditOutlined,
  BankOutlined,
  BlockOutlined,
  CopyOutlined,
  CustomerServiceOutlined,
  FileSearchOutlined,
  FundOutlined,
  LogoutOutlined,
  NodeIndexOutlined,
  ReadOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  UsergroupAddOutlined,
} from "@ant-design/icons";
import { Avatar, Button, Layout, Menu, Space, Tag, Tooltip, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { useStaff } from "../auth/staff";
import { BrandMark } from "./BrandMark";
import { LanguageSwitch } from "./LanguageSwitch";
import { visibleNav, type NavPath } from "./nav";

const ICONS: Record<NavPath, ReactNode> = {
  "/reviews": <FileSearchOutlined aria-hidden />,
  "/users": <TeamOutlined aria-hidden />,
  "/staff": <UsergroupAddOutlined aria-hidden />,
  "/audit": <AuditOutlined aria-hidden />,
  "/proofs": <NodeIndexOutlined aria-hidden />,
  "/config": <SettingOutlined aria-hidden />,
  "/channels": <BankOutlined aria-hidden />,
  "/blockTrades": <BlockOutlined aria-hidden />,
  "/placements": <FundOutlined aria-hidden />,
  "/follow": <CopyOutlined aria-hidden />,
  "/ipos": <RiseOutlined aria-hidden />,
  "/news": <ReadOutlined aria-hidden />,
  "/support": <CustomerServiceOutlined aria-hidden />,
  "/security": <SafetyCertificateOutlined aria-hidden />,
};

export const ROLE_COLORS: Record<string, string> = {
  administrator: "volcano",
  reviewer: "blue",
  operator: "purple",
  support: "cyan",
};

/** The desktop frame: side menu of what the role may use, header with the staff member and log-out. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { me, can, logout } = useStaff();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = visibleNav(can);
  const selected = items.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));

  return (
    <Layout className="admin-shell">
      <Layout.Sider width={224} className="admin-sider" breakpoint="lg" collapsedWidth={64}>
        <Link to="/" className="admin-sider__brand" aria-label={t("layout.home")}>
          <BrandMark size={28} />
          <span className="admin-sider__name">{t("layout.product")}</span>
        </Link>
        <nav aria-label={t("layout.menu")}>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={selected ? [selected.path] : []}
            onClick={({ key }) => void navigate(key)}
            items={items.map((item) => ({ key: item.path, icon: ICONS[item.path], label: t(item.labelKey) }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="admin-header">
          <Typography.Text className="admin-header__title" strong>
            {selected ? t(selected.labelKey) : t("layout.product")}
          </Typography.Text>
          <Space size="middle" className="admin-header__actions">
            <LanguageSwitch />
            <Space size={8} className="admin-header__who">
              <Avatar size="small" icon={<UserOutlined aria-hidden />} className="admin-header__avatar" />
              <Typography.Text data-testid="staff-account">{me.account}</Typography.Text>
              <Tag color={ROLE_COLORS[me.role]} variant="filled" className="admin-header__role">
                {t(`roles.${me.role}`)}
              </Tag>
            </Space>
            <Tooltip title={t("layout.logout")}>
              <Button
                type="text"
                icon={<LogoutOutlined />}
                aria-label={t("layout.logout")}
                onClick={() => void logout()}
              />
            </Tooltip>
          </Space>
        </Layout.Header>
        <Layout.Content className="admin-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
