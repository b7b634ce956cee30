import type { AdminPlacementOffer } from "@brokerage/api";
import { App, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ReasonModal } from "../layout/ReasonModal";
import { useWithdrawPlacement } from "./api";

/** Withdrawing an offer, with the reason kept in the audit log; subscriptions under review stay queued. */
export function WithdrawPlacement({
  offer,
  onClose,
}: {
  offer: AdminPlacementOffer | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const withdraw = useWithdrawPlacement();
  const close = () => {
    withdraw.reset();
    onClose();
  };
  return (
    <ReasonModal<object>
      open={offer !== null}
      danger
      title={offer ? t("placements.withdrawTitle", { symbol: offer.symbol }) : ""}
      okText={t("blockTrades.withdraw")}
      initialValues={{}}
      pending={withdraw.isPending}
      error={withdraw.error}
      reasonLabel={t("blockTrades.reason")}
      reasonHint={t("blockTrades.reasonHint")}
      onCancel={close}
      onSubmit={({ reason }) => {
        if (!offer) return;
        withdraw.mutate(
          { id: offer.id, reason: reason.trim() },
          {
            onSuccess: () => {
              void message.success(t("placements.withdrawn", { symbol: offer.symbol }));
              close();
            },
          },
        );
      }}
    >
      <Typography.Paragraph>
        {t("blockTrades.withdrawText", { count: offer?.pendingCount ?? 0 })}
      </Typography.Paragraph>
    </ReasonModal>
  );
}
