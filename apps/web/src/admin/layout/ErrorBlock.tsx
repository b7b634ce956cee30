import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { errorText } from "../lib/i18n";

/** A list or a page that could not load: why, and a way to try again. */
export function ErrorBlock({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t("common.loadFailed")}
      subTitle={errorText(error)}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t("common.retry")}
        </Button>
      }
    />
  );
}
