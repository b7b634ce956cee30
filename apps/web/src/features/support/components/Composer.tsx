import { useId, useRef, useState } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { SUPPORT_TEXT_MAX } from "@brokerage/api/constants";
import { useSendImage, useSendMessage } from "../api/support";
import type { SupportThreadDetail } from "@brokerage/api";

const problemOf = (cause: unknown, fallback: string) =>
  cause instanceof ApiError ? errorText(cause.code, cause.params, cause.serverMsg) : fallback;

/**
 * Writing to support: a text (its idempotency key kept until it is sent, so a retry is the same message)
 * or an image. Without `threadId` the first message starts a new conversation, answered to `onSent`.
 */
export function Composer({
  threadId,
  onSent,
}: {
  threadId?: string | undefined;
  onSent?: (thread: SupportThreadDetail) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const key = useRef(newIdempotencyKey());
  const send = useSendMessage();
  const sendImage = useSendImage();
  const busy = send.isPending || sendImage.isPending;

  const submit = () => {
    const value = text.trim();
    if (value === "") return setError(t("support.textEmpty"));
    setError(undefined);
    send.mutate(
      { text: value, idempotencyKey: key.current, ...(threadId && { threadId }) },
      {
        onSuccess: (thread) => {
          setText("");
          key.current = newIdempotencyKey();
          onSent?.(thread);
        },
        onError: (cause) => setError(problemOf(cause, t("common.networkError"))),
      },
    );
  };
  const attach = (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    sendImage.mutate(
      { threadId, image: file },
      {
        onSuccess: (thread) => onSent?.(thread),
        onError: (cause) => setError(problemOf(cause, t("common.networkError"))),
      },
    );
  };

  return (
    <form
      className="support-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        {t("support.message")}
      </label>
      <textarea
        id={id}
        className="support-composer__text"
        value={text}
        maxLength={SUPPORT_TEXT_MAX}
        rows={2}
        placeholder={t("support.placeholder")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="support-composer__error" role="alert">
          {error}
        </p>
      )}
      <div className="support-composer__actions">
        <label className="support-composer__attach">
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="support-composer__file"
            aria-label={t("support.attach")}
            disabled={busy}
            onChange={(event) => {
              attach(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
          <span aria-hidden="true">{t("support.attach")}</span>
        </label>
        <Button type="submit" color="primary" loading={send.isPending} disabled={busy}>
          {t("support.send")}
        </Button>
      </div>
    </form>
  );
}
