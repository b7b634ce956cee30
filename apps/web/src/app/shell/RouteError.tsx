import { useRouteError } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";

/** A screen that failed to load (chunk timeout, network) or crashed: offer a reload. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="route-error">
      <h1 className="route-error__title">{t("common.loadFailed")}</h1>
      <Button color="primary" onClick={() => window.location.reload()}>
        {t("common.retry")}
      </Button>
    </main>
  );
}
