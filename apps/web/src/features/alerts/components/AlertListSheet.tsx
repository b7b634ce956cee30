import { useId } from "react";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { useAlerts } from "../api/alerts";
import { AlertList } from "./AlertList";

/** Every alert of the user: the active ones (and how many may be), then the fired ones; each removable. */
export function AlertListSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const list = useAlerts(open);
  const items = list.data?.items ?? [];
  const active = items.filter((alert) => alert.state === "active");
  const fired = items.filter((alert) => alert.state === "fired");
  return (
    <Popup visible={open} onClose={onClose} closeOnMaskClick position="bottom" bodyClassName="alert-sheet">
      {open && (
        <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
          <h2 id={titleId} className="alert-sheet__title">
            {t("alerts.listTitle")}
          </h2>
          {list.data && (
            <p className="alert-sheet__lead">{t("alerts.limit", { max: list.data.maxActive })}</p>
          )}
          {list.isPending && <p className="alert-sheet__lead">{t("common.loading")}</p>}
          {list.isError && <p className="alert-sheet__lead">{t("common.networkError")}</p>}
          {list.data && items.length === 0 && <EmptyState text={t("alerts.empty")} />}
          {active.length > 0 && (
            <section aria-labelledby={`${titleId}-active`}>
              <h3 id={`${titleId}-active`} className="alert-sheet__section">
                {t("alerts.activeCount", { count: active.length, max: list.data?.maxActive ?? 0 })}
              </h3>
              <AlertList alerts={active} label={t("alerts.activeList")} />
            </section>
          )}
          {fired.length > 0 && (
            <section aria-labelledby={`${titleId}-fired`}>
              <h3 id={`${titleId}-fired`} className="alert-sheet__section">
                {t("alerts.firedList")}
              </h3>
              <AlertList alerts={fired} label={t("alerts.firedList")} />
            </section>
          )}
          <button type="button" className="text-button alert-sheet__close" onClick={onClose}>
            {t("alerts.close")}
          </button>
        </div>
      )}
    </Popup>
  );
}
