import { useTranslation } from "react-i18next";
import { ConfirmSheet, type ConfirmProps } from "../../../components/ConfirmSheet";

/** Asks before closing a position or cancelling an order: both move money and cannot be undone. */
export function ConfirmAction({
  text,
  ...sheet
}: ConfirmProps & {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmSheet {...sheet} role="alertdialog" cancelLabel={t("trade.keep")} confirmColor="danger">
      <p className="trade-sheet__summary">{text}</p>
    </ConfirmSheet>
  );
}
