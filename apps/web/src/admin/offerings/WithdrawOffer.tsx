import { App, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ReasonModal } from "../layout/ReasonModal";

/** An offer staff may withdraw (a block trade, a placement): what the confirmation names. */
export interface WithdrawnOffer {
  id: string;
  symbol: string;
  pendingCount: number;
}

/**
 * Withdrawing an offer, confirmed with the reason kept in the audit log. Subscriptions waiting for review
 * stay in the queue to be decided. `titleKey` and `doneKey` are the feature's own words ({{symbol}}).
 */
export function WithdrawOffer({
  offer,
  withdraw,
  titleKey,
  doneKey,
  onClose,
}: {
  offer: WithdrawnOffer | null;
  withdraw: {
    isPending: boolean;
    error: unknown;
    reset: () => void;
    mutate: (request: { id: string; reason: string }, options: { onSuccess: () => void }) => void;
  };
  titleKey: string;
  doneKey: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const close = () => {
    withdraw.reset();
    onClose();
  };
  return (
    <ReasonModal<object>
      open={offer !== null}
      danger
      title={offer ? t(titleKey, { symbol: offer.symbol }) : ""}
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
              void message.success(t(doneKey, { symbol: offer.symbol }));
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
