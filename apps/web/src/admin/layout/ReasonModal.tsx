import { Alert, Form, Input, Modal } from "antd";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../lib/i18n";

/** The reason for a change: required, at most 500 characters, kept in the audit log. */
export function ReasonField({ label, hint, rows = 3 }: { label: string; hint: string; rows?: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={label}
      extra={hint}
      rules={[
        { required: true, whitespace: true, message: t("errors.REASON_REQUIRED") },
        { max: 500, message: t("common.tooLong", { max: 500 }) },
      ]}
    >
      <Input.TextArea rows={rows} maxLength={500} showCount />
    </Form.Item>
  );
}

export interface ReasonModalProps<T> {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  initialValues: T & { reason?: string };
  pending: boolean;
  error: unknown;
  reasonLabel: string;
  reasonHint: string;
  onSubmit: (values: T & { reason: string }) => void;
  onCancel: () => void;
  children?: ReactNode;
}

/** A change confirmed in a modal: its own fields (children), then the reason, then the last failure. */
export function ReasonModal<T extends object>(props: ReasonModalProps<T>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<T & { reason: string }>();
  // A form's name prefixes its fields' ids: without one the reason's id is "reason", as in a drawer's form
  // that stays mounted behind the modal, and the label would name the drawer's field instead of this one.
  const name = `reason-modal${useId()}`;
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText={t("common.cancel")}
      okButtonProps={{ danger: props.danger, loading: props.pending }}
      onOk={() => void form.validateFields().then(props.onSubmit, () => undefined)}
      onCancel={props.onCancel}
      scrollLock={false}
      destroyOnHidden
    >
      <Form form={form} name={name} layout="vertical" initialValues={props.initialValues} preserve={false}>
        {props.children}
        <ReasonField label={props.reasonLabel} hint={props.reasonHint} />
      </Form>
      {props.error ? <Alert type="error" showIcon title={errorText(props.error)} role="alert" /> : null}
    </Modal>
  );
}
