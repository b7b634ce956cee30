import { StyleProvider } from "@ant-design/cssinjs";
import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, ConfigProvider } from "antd";
import type { Locale } from "antd/es/locale";
import enUS from "antd/es/locale/en_US";
import { useEffect, useMemo, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { RouterProvider } from "react-router";
import type { AdminRouter } from "./router";
import { AdminApiError, setUnauthorizedHandler } from "../lib/client";
import { adminI18n } from "../lib/i18n";
import { ADMIN_THEME } from "./theme";

/** antd's own texts (pagination, empty tables, date pickers) in the back office's language. */
const ANTD_LOCALES: Record<string, () => Promise<{ default: Locale }>> = {
  "zh-TW": () => import("antd/es/locale/zh_TW"),
  "zh-CN": () => import("antd/es/locale/zh_CN"),
  ko: () => import("antd/es/locale/ko_KR"),
  hi: () => import("antd/es/locale/hi_IN"),
};

function useAntdLocale(): Locale {
  const [locale, setLocale] = useState<Locale>(enUS);
  useEffect(() => {
    const apply = (language: string) => {
      const load = ANTD_LOCALES[language];
      if (!load) return setLocale(enUS);
      load().then(
        (module) => setLocale(module.default),
        () => setLocale(enUS),
      );
    };
    apply(adminI18n.language);
    adminI18n.on("languageChanged", apply);
    return () => adminI18n.off("languageChanged", apply);
  }, []);
  return locale;
}

/**
 * Where antd still writes <style> tags in zero-runtime mode: the CSS variables of its tokens, which the
 * prebuilt sheet already defines. Attached to the page they would be refused by the Content-Security-
 * Policy (style-src 'self') and reported on every screen; kept in an element that is never part of the
 * document, they are neither applied nor checked.
 */
const runtimeStyleSink = typeof document === "undefined" ? undefined : document.createElement("div");

export function createAdminQueryClient(router: AdminRouter): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        // An administrator who must enrol first (ADMIN_REQUIRE_2FA) is sent to the enrolment page.
        if (error instanceof AdminApiError && error.code === "TOTP_ENROLMENT_REQUIRED")
          void router.navigate("/security");
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

export function AdminApp({ router }: { router: AdminRouter }) {
  const queryClient = useMemo(() => createAdminQueryClient(router), [router]);
  const locale = useAntdLocale();
  useEffect(() => {
    // Any call answered 401: the session is gone (expired, ended by an administrator); log in again.
    setUnauthorizedHandler(() => {
      queryClient.clear();
      void router.navigate("/login", { state: { expired: true } });
    });
    return () => setUnauthorizedHandler(() => undefined);
  }, [queryClient, router]);
  return (
    <I18nextProvider i18n={adminI18n}>
      <StyleProvider container={runtimeStyleSink}>
        <ConfigProvider theme={ADMIN_THEME} locale={locale} componentSize="middle">
          <AntApp>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </AntApp>
        </ConfigProvider>
      </StyleProvider>
    </I18nextProvider>
  );
}
