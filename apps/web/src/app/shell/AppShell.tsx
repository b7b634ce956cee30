import { useEffect, useLayoutEffect } from "react";
import { Outlet, useLocation, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { TabBar } from "./TabBar";
import { useHardwareBack } from "./useHardwareBack";
import { TAB_ROOTS } from "../routes";
import { useConfig } from "../../lib/config";
import { useOfferedLanguage } from "../language";
import { useAccountEvents } from "./useAccountEvents";

/**
 * The frame around every screen: scroll reset, page title, an offered language, route progress, tab bar on
 * tab roots, and the signed-in user's own events (a fired alert, a margin call) on every screen.
 */
export function AppShell() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const title = useConfig().data?.title;
  useHardwareBack();
  useOfferedLanguage();
  useAccountEvents();

  // Spec §2: every navigation starts at the top.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // Spec §3: config "title" becomes the page title.
  useEffect(() => {
    document.title = title ?? t("app.name");
  }, [title, t]);

  const tabbed = TAB_ROOTS.includes(pathname);
  return (
    <div className={`app${tabbed ? " app--tabbed" : ""}`}>
      {navigation.state === "loading" && (
        <div className="route-progress" role="progressbar" aria-label={t("common.loading")} />
      )}
      <Outlet />
      {tabbed && <TabBar />}
    </div>
  );
}
