import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { SUPPORT_TEXT_MAX } from "@brokerage/api/constants";
import { ConfirmSheet } from "../../../components/ConfirmSheet";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { useComplain } from "../api/support";

/**
 * Turning a conversation into a complaint: what happens next is said before the user submits (an
 * acknowledgment at once, a final answer by a date, the outside route), then what it is about.
 */
export function ComplaintSheet({
  threadId,
  open,
  onClose,
}: {
  threadId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const complain = useComplain();
  const confirm = () => {
    const value = text.trim();
    if (value === "") return setError(t("support.textEmpty"));
    complain.mutate(
      { threadId, text: value },
      {
        onSuccess: () => {
          setText("");
          setError(undefined);
          onClose();
        },
        onError: (cause) =>
          setError(
            cause instanceof ApiError
              ? errorText(cause.code, cause.params, cause.serverMsg)
              : t("common.networkError"),
          ),
      },
    );
  };
  return (
    <ConfirmSheet
      open={open}
      busy={complain.isPending}
      error={error}
      title={t("support.complaintTitle")}
      cancelLabel={t("support.cancel")}
      confirmLabel={t("support.complaintSubmit")}
      onConfirm={confirm}
      onClose={onClose}
      className="support-sheet"
      errorClassName="support-composer__error"
    >
      <p className="support-sheet__intro">{t("support.complaintIntro")}</p>
      <label className="support-sheet__label" htmlFor={id}>
        {t("support.complaintText")}
      </label>
      <textarea
        id={id}
        className="support-composer__text"
        rows={4}
        maxLength={SUPPORT_TEXT_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </ConfirmSheet>
  );
}
