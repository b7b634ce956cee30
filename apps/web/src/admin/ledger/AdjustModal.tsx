import {
  adjustBalanceRequest,
  CURRENCIES,
  type AdjustBalanceResponse,
  type Currency,
  type UserLedger,
} from "@brokerage/api";
import { money, scaleOf } from "@brokerage/core";
import { Alert, App, Button, Descriptions, Form, Input, Modal, Select, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReasonField } from "../layout/ReasonModal";
import { errorText } from "../lib/i18n";
import { useAdjustBalance } from "./api";
import { moneyText } from "../lib/money";

interface Values {
  currency: Currency;
  amount: string;
  reason: string;
}

/** What the confirmation shows: the change, the balance before and after, and whether it waits for a second administrator. */
interface Draft extends Values {
  key: string;
  available: string;
  after: string;
  threshold: string | undefined;
  fourEyes: boolean;
}

function availableIn(ledger: UserLedger, currency: string): string {
  return ledger.wallets.find((w) => w.currency === currency)?.available ?? "0";
}

/** The server's rule (adjustment.fourEyesAbove, absolute; no threshold: always), shown before sending. */
function needsSecond(ledger: UserLedger, currency: string, amount: string) {
  const threshold = ledger.adjustFourEyesAbove[currency];
  return { threshold, fourEyes: threshold === undefined || money(amount).abs().greaterThan(threshold) };
}

/**
 * "Adjust balance": currency, signed amount and reason, then a confirmation of the effect before any
 * money moves. One idempotency key per confirmation, so a repeated click books once.
 */
export function AdjustModal({
  open,
  onClose,
  userId,
  account,
  ledger,
  defaultCurrency,
}: {
  open: boolean;
  onClose: () => void;
  userId: string;
  account: string;
  ledger: UserLedger;
  /** The currency the form starts with (the ledger's filter, else USD or the first wallet). */
  defaultCurrency: string | undefined;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [draft, setDraft] = useState<Draft | null>(null);
  const adjust = useAdjustBalance(userId);
  const currency = Form.useWatch("currency", form) ?? "USD";

  const close = () => {
    adjust.reset();
    setDraft(null);
    onClose();
  };

  const review = (values: Values) => {
    const amount = values.amount.trim();
    const available = availableIn(ledger, values.currency);
    setDraft({
      ...values,
      amount,
      reason: values.reason.trim(),
      key: crypto.randomUUID(),
      available,
      after: money(available).plus(amount).toFixed(),
      ...needsSecond(ledger, values.currency, amount),
    });
  };

  const confirm = () => {
    if (!draft) return;
    const { currency: c, amount, reason, key } = draft;
    adjust.mutate(
      { userId, currency: c, amount, reason, idempotencyKey: key },
      {
        onSuccess: (result: AdjustBalanceResponse) => {
          void message.success(
            result.state === "pending"
              ? t("adjust.requested")
              : t("adjust.booked", {
                  available: moneyText(result.available ?? "0", result.currency),
                  currency: result.currency,
                }),
          );
          form.resetFields();
          close();
        },
      },
    );
  };

  const amountRule = {
    validator: async (_: unknown, value: string | undefined) => {
      const v = (value ?? "").trim();
      if (!adjustBalanceRequest.shape.amount.safeParse(v).success) throw new Error(t("adjust.amountFormat"));
      if (money(v).decimalPlaces() > scaleOf(currency))
        throw new Error(t("adjust.amountScale", { decimals: scaleOf(currency), currency }));
      if (money(availableIn(ledger, currency)).plus(v).isNegative())
        throw new Error(
          t("adjust.belowZero", { available: moneyText(availableIn(ledger, currency), currency), currency }),
        );
    },
  };

  return (
    <Modal
      open={open}
      title={t("adjust.title", { account })}
      onCancel={close}
      scrollLock={false}
      destroyOnHidden
      forceRender
      footer={
        draft ? (
          <>
            <Button onClick={() => setDraft(null)} disabled={adjust.isPending}>
              {t("common.back")}
            </Button>
            <Button
              type="primary"
              danger={money(draft.amount).isNegative()}
              loading={adjust.isPending}
              onClick={confirm}
            >
              {draft.fourEyes ? t("adjust.confirmRequest") : t("adjust.confirmBook")}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close}>{t("common.cancel")}</Button>
            <Button type="primary" onClick={() => void form.validateFields().then(review, () => undefined)}>
              {t("adjust.next")}
            </Button>
          </>
        )
      }
    >
      <div hidden={draft !== null}>
        <Typography.Paragraph type="secondary">{t("adjust.lead")}</Typography.Paragraph>
        <Form form={form} layout="vertical" initialValues={{ currency: defaultCurrency ?? "USD" }}>
          <Form.Item name="currency" label={t("ledger.currency")} rules={[{ required: true }]}>
            <Select
              options={CURRENCIES.map((c) => ({
                value: c,
                label: `${c} · ${t("adjust.availableShort", { amount: moneyText(availableIn(ledger, c), c) })}`,
              }))}
              onChange={() => void form.validateFields(["amount"]).catch(() => undefined)}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t("adjust.amount")}
            extra={t("adjust.amountHint")}
            rules={[{ required: true, message: t("adjust.amountFormat") }, amountRule]}
          >
            <Input
              inputMode="decimal"
              className="admin-mono"
              autoComplete="off"
              placeholder="150.00 / -20.00"
            />
          </Form.Item>
          <ReasonField label={t("adjust.reason")} hint={t("adjust.reasonHint")} />
        </Form>
      </div>
      {draft ? <Confirmation draft={draft} account={account} /> : null}
      {adjust.isError ? <Alert type="error" showIcon title={errorText(adjust.error)} role="alert" /> : null}
    </Modal>
  );
}

function Confirmation({ draft, account }: { draft: Draft; account: string }) {
  const { t } = useTranslation();
  const c = draft.currency;
  return (
    <>
      <Descriptions column={1} size="small" bordered className="admin-descriptions admin-adjust__summary">
        <Descriptions.Item label={t("adjust.user")}>{account}</Descriptions.Item>
        <Descriptions.Item label={t("adjust.amount")}>
          <strong className="admin-mono">
            {moneyText(draft.amount, c, true)} {c}
          </strong>
        </Descriptions.Item>
        <Descriptions.Item label={t("adjust.balance")}>
          <span className="admin-mono">
            {moneyText(draft.available, c)} → {moneyText(draft.after, c)} {c}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t("adjust.reason")}>{draft.reason}</Descriptions.Item>
      </Descriptions>
      <Alert
        showIcon
        type={draft.fourEyes ? "warning" : "info"}
        title={draft.fourEyes ? t("adjust.fourEyesTitle") : t("adjust.atOnceTitle")}
        description={
          draft.threshold === undefined
            ? t("adjust.noThreshold", { currency: c })
            : t(draft.fourEyes ? "adjust.fourEyesText" : "adjust.atOnceText", {
                threshold: moneyText(draft.threshold, c),
                currency: c,
              })
        }
      />
    </>
  );
}
