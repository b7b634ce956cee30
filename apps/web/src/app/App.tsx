import { useEffect, useMemo } from "react";
import { RouterProvider } from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { I18nextProvider, useTranslation } from "react-i18next";
import { ConfigProvider } from "antd-mobile";
import enUS from "antd-mobile/es/locales/en-US";
import zhCN from "antd-mobile/es/locales/zh-CN";
import zhTW from "antd-mobile/es/locales/zh-TW";
import koKR from "antd-mobile/es/locales/ko-KR";
import { i18n } from "../lib/i18n";
import { setNavigator } from "../lib/navigation";
import { queryClient } from "./queryClient";
import { createAppRouter } from "./router";

/** antd-mobile has no Hindi pack; its few built-in texts (clear, loading) fall back to English. */
const KIT_LOCALES = { en: enUS, "zh-CN": zhCN, "zh-TW": zhTW, ko: koKR, hi: enUS } as const;

function Routed() {
  const { i18n: active } = useTranslation();
  const router = useMemo(() => createAppRouter(), []);
  useEffect(() => setNavigator((path) => void router.navigate(path)), [router]);
  const kitLocale = KIT_LOCALES[active.language as keyof typeof KIT_LOCALES] ?? enUS;
  return (
    <ConfigProvider locale={kitLocale}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Routed />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
