import { useId, useRef, useState } from "react";
import Button, { type ButtonRef } from "antd-mobile/es/components/button";
import Popup from "antd-mobile/es/components/popup";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState";
import { LoadingState } from "../../../components/LoadingState";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { showError, showSuccess } from "../../../lib/toast";
import { saveFile, type StatementFile } from "../api/statement";

interface Loaded {
  file: StatementFile;
  markup: string;
}

/**
 * A printable document of the server's (a contract note, the tax report, a statement) shown in a frame,
 * with Print and Download. The frame may not run anything (no `allow-scripts`); it shares the app's origin
 * only so Print can reach it, and the app's policy allows no inline script and only the documents' one
 * stylesheet, so nothing in a document can act. Fetched while open, dropped when closed (gcTime 0).
 */
function DocumentFrame({
  queryKey,
  load,
  title,
}: {
  queryKey: unknown[];
  load: () => Promise<StatementFile>;
  title: string;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const document = useQuery({
    queryKey: ["document", ...queryKey],
    queryFn: async (): Promise<Loaded> => {
      const file = await load();
      return { file, markup: await file.blob.text() };
    },
    gcTime: 0,
    retry: false,
  });
  if (document.isPending) return <LoadingState />;
  if (document.isError) {
    const cause = document.error;
    const text =
      cause instanceof ApiError
        ? errorText(cause.code, cause.params, cause.serverMsg)
        : t("common.networkError");
    return <ErrorState text={text} onRetry={() => void document.refetch()} />;
  }
  const { file, markup } = document.data;
  const download = async () => {
    try {
      await saveFile(file);
      showSuccess(t("records.document.saved"));
    } catch (cause) {
      if (!(cause instanceof DOMException && cause.name === "AbortError"))
        showError(t("common.networkError"));
    }
  };
  return (
    <>
      <iframe
        ref={frame}
        className="document-sheet__frame"
        title={title}
        sandbox="allow-same-origin allow-modals"
        srcDoc={markup}
      />
      <div className="document-sheet__actions">
        <Button size="large" fill="outline" onClick={() => frame.current?.contentWindow?.print()}>
          {t("records.document.print")}
        </Button>
        <Button size="large" color="primary" onClick={() => void download()}>
          {t("records.document.download")}
        </Button>
      </div>
    </>
  );
}

/** A button that opens a document in a sheet: `label` names the button, `title` the sheet and its frame. */
export function DocumentButton({
  label,
  title,
  queryKey,
  load,
  className,
}: {
  label: string;
  title: string;
  queryKey: unknown[];
  load: () => Promise<StatementFile>;
  className?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const trigger = useRef<ButtonRef>(null);
  const closeButton = useRef<ButtonRef>(null);
  return (
    <>
      <Button ref={trigger} fill="outline" size="large" className={className} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Popup
        visible={open}
        onClose={() => setOpen(false)}
        closeOnMaskClick
        position="bottom"
        bodyClassName="document-sheet"
        afterShow={() => closeButton.current?.nativeElement?.focus()}
        afterClose={() => trigger.current?.nativeElement?.focus()}
      >
        {open && (
          <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="document-sheet__body">
            <h2 id={titleId} className="statement-form__title">
              {title}
            </h2>
            <DocumentFrame queryKey={queryKey} load={load} title={title} />
            <Button ref={closeButton} block size="large" fill="outline" onClick={() => setOpen(false)}>
              {t("records.document.close")}
            </Button>
          </div>
        )}
      </Popup>
    </>
  );
}
