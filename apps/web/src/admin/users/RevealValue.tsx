import { EyeInvisibleOutlined, EyeOutlined } from "@ant-design/icons";
import type { UserRevealRequest } from "@brokerage/api";
import { App, Button, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useStaff } from "../auth/staff";
import { ReasonModal } from "../layout/ReasonModal";
import { useReveal } from "./api";

/** Which number to reveal: users/reveal's request without the reason the modal asks for. */
export type RevealTarget =
  | { userId: string; field: "idNumber"; submissionId?: string }
  | { userId: string; field: "cardNumber"; cardId: string };

/**
 * A number the server sends masked, with a Reveal button for staff with users.reveal: it asks for the
 * reason (audited with it) and shows the full number until hidden or the page is left. The full number
 * lives only in this component's state, never in the query cache.
 */
export function RevealValue({
  masked,
  target,
  title,
}: {
  masked: string;
  target: RevealTarget;
  /** What the button and the modal say, naming the number ("Reveal the full card number 6222…"). */
  title: string;
}) {
  const { t } = useTranslation();
  const { can } = useStaff();
  const { message } = App.useApp();
  const reveal = useReveal();
  const [asking, setAsking] = useState(false);
  const [value, setValue] = useState<string | null>(null);
  const close = () => {
    reveal.reset();
    setAsking(false);
  };
  return (
    <Space size={4} wrap>
      <span className="admin-mono">{value ?? masked}</span>
      {!can("users.reveal") ? null : value === null ? (
        <Button
          size="small"
          type="link"
          icon={<EyeOutlined aria-hidden />}
          aria-label={title}
          onClick={() => setAsking(true)}
        >
          {t("reveal.reveal")}
        </Button>
      ) : (
        <Button
          size="small"
          type="link"
          icon={<EyeInvisibleOutlined aria-hidden />}
          onClick={() => setValue(null)}
        >
          {t("reveal.hide")}
        </Button>
      )}
      <ReasonModal<object>
        open={asking}
        title={title}
        okText={t("reveal.reveal")}
        initialValues={{}}
        pending={reveal.isPending}
        error={reveal.error}
        reasonLabel={t("reveal.reasonLabel")}
        reasonHint={t("reveal.reasonHint")}
        onCancel={close}
        onSubmit={({ reason }) =>
          reveal.mutate({ ...target, reason } satisfies UserRevealRequest, {
            onSuccess: (answer) => {
              setValue(answer.value);
              close();
              void message.success(t("reveal.revealed"));
            },
          })
        }
      />
    </Space>
  );
}
