import { useTranslation } from "react-i18next";

/** A loading block with a live status for screen readers. */
export function LoadingState() {
  const { t } = useTranslation();
  return (
    <div className="loading-state" role="status">
      {/* A CSS spinner: antd-mobile's SpinLoading animates through react-spring, which the first screen
          would otherwise load just for this. */}
      <span className="spinner" aria-hidden="true" />
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
