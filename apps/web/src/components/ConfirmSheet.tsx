import { useId, type ReactNode } from "react";
import Button from "antd-mobile/es/components/button";
import Popup from "antd-mobile/es/components/popup";
import { FormError } from "./FormError";

/** What a feature's confirmation gets besides its draft: the call's state and the two ways out. */
export interface ConfirmProps {
  busy: boolean;
  error?: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The bottom sheet that asks before money moves: a titled dialog with the feature's terms and notes
 * (children), the error of a failed attempt, and cancel/confirm. While busy the mask does not close it and
 * cancel is disabled. `className` names the feature's sheet block: the popup body takes it, the title and
 * the actions its `__title` and `__actions` elements, so each feature keeps its look.
 */
export function ConfirmSheet({
  open,
  busy,
  error,
  title,
  children,
  cancelLabel,
  confirmLabel,
  onConfirm,
  onClose,
  className = "trade-sheet",
  errorClassName = "trade-form__error",
  role = "dialog",
  confirmColor = "primary",
  confirmDisabled = false,
}: ConfirmProps & {
  open: boolean;
  title: string;
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  className?: string;
  errorClassName?: string;
  /** "alertdialog" for an irreversible step (closing a position, cancelling an order). */
  role?: "dialog" | "alertdialog";
  confirmColor?: "primary" | "danger";
  confirmDisabled?: boolean;
}) {
  const titleId = useId();
  return (
    <Popup
      visible={open}
      onClose={onClose}
      closeOnMaskClick={!busy}
      position="bottom"
      bodyClassName={className}
    >
      {open && (
        <div role={role} aria-modal="true" aria-labelledby={titleId}>
          <h2 id={titleId} className={`${className}__title`}>
            {title}
          </h2>
          {children}
          <FormError className={errorClassName} text={error} />
          <div className={`${className}__actions`}>
            <Button fill="outline" size="large" onClick={onClose} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button
              color={confirmColor}
              size="large"
              loading={busy}
              disabled={confirmDisabled}
              onClick={onConfirm}
            >
              {confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
