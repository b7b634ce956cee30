import type { AdminIpoOffering } from "@brokerage/api";
import { DollarOutlined } from "@ant-design/icons";
import { App, Button, Form, Input, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ReasonModal } from "../layout/ReasonModal";
import { formatDateTime } from "../lib/format";
import { priceText } from "../lib/money";
import { useFinalPrice } from "./api";

/** Whether staff may still set the final price: provisional, and its stated time not come. */
const settable = (offering: AdminIpoOffering, now = Date.now()) =>
  offering.priceProvisional && offering.priceFinalAt !== null && Date.parse(offering.priceFinalAt) > now;

/**
 * The price column: the price in force, and for a provisional one when it becomes final and the final price
 * set so far (none: the provisional one stands); once final, the provisional price it replaced.
 */
export function PriceCell({ offering }: { offering: AdminIpoOffering }) {
  const { t } = useTranslation();
  const { currency, provisionalPrice, priceFinalAt, finalPrice } = offering;
  return (
    <div>
      <span className="admin-mono">{priceText(offering.price, currency)}</span>
      {offering.priceProvisional && priceFinalAt !== null ? (
        <div>
          <Typography.Text type="warning">
            {t("ipos.priceTerms.provisional", { at: formatDateTime(priceFinalAt) })}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary">
              {finalPrice === null
                ? t("ipos.priceTerms.noFinal")
                : t("ipos.priceTerms.finalSet", { price: priceText(finalPrice, currency) })}
            </Typography.Text>
          </div>
        </div>
      ) : provisionalPrice !== null ? (
        <div>
          <Typography.Text type="secondary">
            {t("ipos.priceTerms.fixed", { price: priceText(provisionalPrice, currency) })}
          </Typography.Text>
        </div>
      ) : null}
    </div>
  );
}

/** The button that opens the final price's modal (disabled, saying why, unless it may be set). */
export function FinalPriceButton({
  offering,
  onOpen,
}: {
  offering: AdminIpoOffering;
  onOpen: (offering: AdminIpoOffering) => void;
}) {
  const { t } = useTranslation();
  if (offering.provisionalPrice === null) return null;
  const allowed = settable(offering);
  return (
    <Tooltip title={allowed ? undefined : t("ipos.actions.finalPrice.locked")}>
      <Button
        size="small"
        icon={<DollarOutlined aria-hidden />}
        disabled={!allowed}
        onClick={() => onOpen(offering)}
        aria-label={t("ipos.actions.finalPrice.aria", { symbol: offering.symbol })}
      >
        {t("ipos.actions.finalPrice.label")}
      </Button>
    </Tooltip>
  );
}

/** Sets the final price before its stated time, with the reason kept in the audit log. */
export function FinalPriceModal({
  offering,
  onClose,
}: {
  offering: AdminIpoOffering | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useFinalPrice();
  const close = () => {
    change.reset();
    onClose();
  };
  return (
    <ReasonModal<{ price: string }>
      open={offering !== null}
      title={offering ? t("ipos.actions.finalPrice.title", { symbol: offering.symbol }) : ""}
      okText={t("ipos.actions.finalPrice.ok")}
      initialValues={{ price: offering?.finalPrice ?? "" }}
      pending={change.isPending}
      error={change.error}
      reasonLabel={t("ipos.fields.reason")}
      reasonHint={t("ipos.reasonHint")}
      onCancel={close}
      onSubmit={({ price, reason }) => {
        if (!offering) return;
        change.mutate(
          { id: offering.id, price: price.trim(), reason: reason.trim() },
          {
            onSuccess: (after) => {
              void message.success(t("ipos.actions.finalPrice.done", { symbol: after.symbol }));
              close();
            },
          },
        );
      }}
    >
      {offering ? (
        <>
          <Typography.Paragraph>
            {t("ipos.actions.finalPrice.text", {
              provisional: priceText(offering.provisionalPrice ?? offering.price, offering.currency),
              at: formatDateTime(offering.priceFinalAt ?? ""),
            })}
          </Typography.Paragraph>
          <Form.Item
            name="price"
            label={t("ipos.actions.finalPrice.price", { currency: offering.currency })}
            rules={[{ required: true, whitespace: true, message: t("ipos.problems.price") }]}
          >
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
        </>
      ) : null}
    </ReasonModal>
  );
}
