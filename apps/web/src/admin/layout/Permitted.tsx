import type { Permission } from "@brokerage/api";
import { Button, Result } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate } from "react-router";
import { useStaff } from "../auth/staff";
import { visibleNav } from "./nav";

/** A page the role may not use is not offered; reached by its address, it says so instead of failing. */
export function Permitted({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { can } = useStaff();
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (can(permission)) return children;
  return (
    <Result
      status="403"
      title={t("common.forbiddenTitle")}
      subTitle={t("common.forbidden")}
      extra={
        <Button type="primary" onClick={() => void navigate("/")}>
          {t("common.home")}
        </Button>
      }
    />
  );
}

/** The first page of the menu this role may use. */
export function HomeRedirect() {
  const { can } = useStaff();
  const first = visibleNav(can)[0];
  return <Navigate to={first?.path ?? "/security"} replace />;
}

export function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t("common.notFoundTitle")}
      subTitle={t("common.notFound")}
      extra={
        <Button type="primary" onClick={() => void navigate("/")}>
          {t("common.home")}
        </Button>
      }
    />
  );
}
