import { useEffect, useMemo, useState } from "react";
import { RouterProvider } from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { I18nextProvider, useTranslation } from "react-i18next";
import ConfigProvider from "antd-mobile/es/components/config-provider";
import enUS from "antd-mobile/es/locales/en-US";
import { i18n } from "../lib/i18n";
import { setNavigator } from "../lib/navigation";
import { OfflineState } from "../components/OfflineState";
import { queryClient } from "./queryClient";
import { createAppRouter } from "./router";

type KitLocale = typeof enUS;

/**
 * antd-mobile's own texts (clear, loading …) per UI language, loaded with the language like the app's
 * texts. It has no Hindi pack: Hindi, and a language whose pack is still loading, use English.
 */
const KIT_LOCALES: Record<string, () => Promise<{ default: KitLocale }>> = {
  "zh-CN": () => import("antd-mobile/es/locales/zh-CN"),
  "zh-TW": () => import("antd-mobile/es/locales/zh-TW"),
  ko: () => import("antd-mobile/es/locales/ko-KR"),
};

function useKitLocale(language: string): KitLocale {
  const [loaded, setLoaded] = useState<{ language: string; locale: KitLocale } | null>(null);
  useEffect(() => {
    let current = true;
    void KIT_LOCALES[language]?.().then(({ default: locale }) => {
      if (current) setLoaded({ language, locale });
    });
    return () => {
      current = false;
    };
  }, [language]);
  return loaded?.language === language ? loaded.locale : enUS;
}

function Routed() {
  const { i18n: active } = useTranslation();
  const router = useMemo(() => createAppRouter(), []);
  useEffect(() => setNavigator((path) => void router.navigate(path)), [router]);
  const kitLocale = useKitLocale(active.language);
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
        <OfflineState />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
