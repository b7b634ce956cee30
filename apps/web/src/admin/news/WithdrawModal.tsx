import type { AdminNewsArticle } from "@brokerage/api";
import { App, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ReasonModal } from "../layout/ReasonModal";
import { useWithdrawArticle } from "./api";

/**
 * Withdrawing an article, confirmed with the reason kept in the audit log: it leaves the app at once and
 * stays listed here as withdrawn.
 */
export function WithdrawModal({
  article,
  onClose,
}: {
  article: AdminNewsArticle | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const withdraw = useWithdrawArticle();
  const close = () => {
    withdraw.reset();
    onClose();
  };
  return (
    <ReasonModal<object>
      open={article !== null}
      danger
      title={article ? t("news.withdrawTitle", { title: article.title }) : ""}
      okText={t("news.withdraw")}
      initialValues={{}}
      pending={withdraw.isPending}
      error={withdraw.error}
      reasonLabel={t("news.reason")}
      reasonHint={t("news.reasonHint")}
      onCancel={close}
      onSubmit={({ reason }) => {
        if (!article) return;
        withdraw.mutate(
          { id: article.id, reason: reason.trim() },
          {
            onSuccess: () => {
              void message.success(t("news.withdrawn", { title: article.title }));
              close();
            },
          },
        );
      }}
    >
      <Typography.Paragraph>{t("news.withdrawText")}</Typography.Paragraph>
    </ReasonModal>
  );
}
