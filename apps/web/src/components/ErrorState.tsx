import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";

/** A failed load with a retry. */
export function ErrorState({ onRetry, text }: { onRetry?: () => void; text?: string }) {
  const { t } = useTranslation();
  return (
    <div className="error-state" role="alert">
      <p className="error-state__text">{text ?? t("common.loadFailed")}</p>
      {onRetry && (
        <Button size="small" color="primary" fill="outline" onClick={onRetry}>
          {t("common.retry")}
        </Button>
      )}
    </div>
  );
}
