import { useQueryClient } from "@tanstack/react-query";
import { Button, Result } from "antd";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { PageLoading } from "../app/PageLoading";
import { adminPost } from "../lib/client";
import { errorText } from "../lib/i18n";
import { clearSession, readSession } from "../lib/session";
import { StaffContext, type StaffContextValue, useMeQuery } from "./staff";

/** Pages behind a staff session: without one, the log-in page (and back here after it). */
export function RequireStaff() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = readSession();
  const me = useMeQuery(session !== null);

  const logout = useCallback(async () => {
    // The session ends on the server first; if that call fails the token is still dropped here.
    await adminPost("auth/logout").catch(() => undefined);
    clearSession();
    queryClient.clear();
    await navigate("/login", { replace: true });
  }, [navigate, queryClient]);

  const value = useMemo<StaffContextValue | null>(
    () => (me.data ? { me: me.data, can: (p) => me.data.permissions.includes(p), logout } : null),
    [me.data, logout],
  );

  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (me.isPending) return <PageLoading />;
  // Two-step log-in is required of this account and not on yet: nothing else opens until it is.
  if (value && value.me.totpRequired && !value.me.totpEnabled && location.pathname !== "/security")
    return <Navigate to="/security" replace />;
  if (!value)
    return (
      <div className="admin-fullpage">
        <Result
          status="error"
          title={t("common.loadFailed")}
          subTitle={errorText(me.error)}
          extra={[
            <Button key="retry" type="primary" onClick={() => void me.refetch()}>
              {t("common.retry")}
            </Button>,
            <Button key="logout" onClick={() => void logout()}>
              {t("layout.logout")}
            </Button>,
          ]}
        />
      </div>
    );
  return (
    <StaffContext.Provider value={value}>
      <Outlet />
    </StaffContext.Provider>
  );
}
