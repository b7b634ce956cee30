import type { AdminIpoOffering } from "@brokerage/api";
import { Alert, App, Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ReasonModal } from "../layout/ReasonModal";
import { AdminApiError } from "../lib/client";
import { formatDateTime } from "../lib/format";
import { useIpoAction, type IpoAction } from "./api";
import { shares } from "./parts";

/** The time an action may not come before (the server answers NOT_YET_OPEN until then). */
const NOT_BEFORE: Partial<Record<IpoAction, "drawAt" | "listingAt">> = {
  draw: "drawAt",
  listing: "listingAt",
};

/** What the action will do, in figures of the offering as it stands. */
function Consequences({ action, offering }: { action: IpoAction; offering: AdminIpoOffering }) {
  const { t } = useTranslation();
  const { counts } = offering;
  const rows =
    action === "draw"
      ? [
          [t("ipos.effects.subscriptions"), shares(offering.subscriptionCount)],
          [t("ipos.effects.sharesAsked"), shares(offering.subscribedShares)],
          [t("ipos.effects.sharesOffered"), shares(offering.totalShares)],
          [t("ipos.effects.paymentDue"), formatDateTime(offering.paymentDueAt)],
        ]
      : action === "listing"
        ? [
            [t("ipos.effects.becomePositions"), shares(counts.paid)],
            [t("ipos.effects.waived"), shares(counts.awaitingPayment)],
            [t("ipos.effects.listingAt"), formatDateTime(offering.listingAt)],
          ]
        : [
            [t("ipos.effects.failed"), shares(counts.applied + counts.awaitingPayment + counts.paid)],
            // Every open subscription holds its amount (blocked when it was made) until it ends.
            [t("ipos.effects.refunded"), shares(counts.applied + counts.awaitingPayment + counts.paid)],
          ];
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      className="admin-ipo__effects"
      items={rows.map(([label, value]) => ({ key: label, label, children: value }))}
    />
  );
}

/**
 * The draw, the listing or the cancellation of an offering, confirmed with the reason kept in the audit
 * log after saying what it will do, in the offering's figures as just read again. A refusal for being too early names the time it may run from.
 */
export function ActionModal({
  action,
  offering,
  onClose,
}: {
  action: IpoAction;
  offering: AdminIpoOffering | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useIpoAction(action);
  const close = () => {
    change.reset();
    onClose();
  };
  const notBefore = NOT_BEFORE[action];
  const tooEarly =
    offering !== null &&
    notBefore !== undefined &&
    change.error instanceof AdminApiError &&
    change.error.code === "NOT_YET_OPEN";
  return (
    <ReasonModal<object>
      open={offering !== null}
      danger={action === "cancel"}
      title={offering ? t(`ipos.actions.${action}.title`, { symbol: offering.symbol }) : ""}
      okText={t(`ipos.actions.${action}.ok`)}
      initialValues={{}}
      pending={change.isPending}
      error={tooEarly ? null : change.error}
      reasonLabel={t("ipos.fields.reason")}
      reasonHint={t("ipos.reasonHint")}
      onCancel={close}
      onSubmit={({ reason }) => {
        if (!offering) return;
        change.mutate(
          { id: offering.id, reason: reason.trim() },
          {
            onSuccess: (after) => {
              void message.success(t(`ipos.actions.${action}.done`, { symbol: after.symbol }));
              close();
            },
          },
        );
      }}
    >
      {offering ? (
        <>
          {action === "cancel" ? (
            <Alert
              type="warning"
              showIcon
              role="note"
              className="admin-drawer__alert"
              title={t("ipos.actions.cancel.text")}
            />
          ) : (
            <Typography.Paragraph>{t(`ipos.actions.${action}.text`)}</Typography.Paragraph>
          )}
          <Consequences action={action} offering={offering} />
          {tooEarly && notBefore ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              className="admin-ipo__early"
              title={t(`ipos.actions.${action}.tooEarly`, { at: formatDateTime(offering[notBefore]) })}
            />
          ) : null}
        </>
      ) : null}
    </ReasonModal>
  );
}
