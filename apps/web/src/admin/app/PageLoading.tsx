import { Spin } from "antd";
import { useTranslation } from "react-i18next";

/** The whole-page wait: a page's code (on the first load) or the staff member's account being fetched. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="admin-fullpage">
      <Spin size="large" description={t("common.loading")} />
    </div>
  );
}
