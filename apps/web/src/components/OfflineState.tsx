import { useId } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { useConnectivity } from "./useConnectivity";
import "./OfflineState.css";

/**
 * The offline notice, mounted once beside the router: the cached app shell stays usable underneath
 * while prices and the account cannot load. It goes away by itself when the connection is back.
 */
export function OfflineState() {
  const { t } = useTranslation();
  const { offline, checking, retry } = useConnectivity();
  const titleId = useId();
  if (!offline) return null;
  return (
    <section className="offline-state" role="alert" aria-labelledby={titleId}>
      <svg className="offline-state__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M2 8.8a15 15 0 0 1 4.2-2.6M9.9 5.1A15 15 0 0 1 22 8.8M5 12.6a10 10 0 0 1 3.4-2.1M19 12.6a10 10 0 0 0-4-2.3M8.5 16.1a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
      </svg>
      <div className="offline-state__text">
        <p className="offline-state__title" id={titleId}>
          {t("offline.title")}
        </p>
        <p className="offline-state__body">{t("offline.body")}</p>
      </div>
      <Button className="offline-state__retry" size="small" loading={checking} onClick={retry}>
        {t("common.retry")}
      </Button>
    </section>
  );
}
