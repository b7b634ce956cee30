import { useId } from "react";
import Button from "antd-mobile/es/components/button";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "react-i18next";

/** Asks before closing a position or cancelling an order: both move money and cannot be undone. */
export function ConfirmAction({
  open,
  title,
  text,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popup
      visible={open}
      onClose={onClose}
      closeOnMaskClick={!busy}
      position="bottom"
      bodyClassName="trade-sheet"
    >
      {open && (
        <div role="alertdialog" aria-modal="true" aria-labelledby={titleId}>
          <h2 id={titleId} className="trade-sheet__title">
            {title}
          </h2>
          <p className="trade-sheet__summary">{text}</p>
          {error && (
            <p className="trade-form__error" role="alert">
              {error}
            </p>
          )}
          <div className="trade-sheet__actions">
            <Button fill="outline" size="large" onClick={onClose} disabled={busy}>
              {t("trade.keep")}
            </Button>
            <Button color="danger" size="large" loading={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
