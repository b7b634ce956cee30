import type { ReactNode } from "react";
import PullToRefresh from "antd-mobile/es/components/pull-to-refresh";
import { useTranslation } from "react-i18next";

/** Pull-to-refresh with the spec §4 states (pulling, release, loading, success) in the UI language. */
export function Refreshable({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t("market.pull.pulling")}
      canReleaseText={t("market.pull.release")}
      refreshingText={t("market.pull.loading")}
      completeText={t("market.pull.success")}
    >
      {children}
    </PullToRefresh>
  );
}
