import { SpinLoading } from "antd-mobile";
import { useTranslation } from "react-i18next";

/** A loading block with a live status for screen readers. */
export function LoadingState() {
  const { t } = useTranslation();
  return (
    <div className="loading-state" role="status">
      <SpinLoading color="primary" style={{ "--size": "0.28rem" }} />
      <span className="visually-hidden">{t("common.loading")}</span>
    </div>
  );
}

/** Shown while a lazy screen loads for the first time. */
export function PageLoading() {
  return (
    <main className="page-loading">
      <LoadingState />
    </main>
  );
}
