import { useId, useRef, useState } from "react";
import Button, { type ButtonRef } from "antd-mobile/es/components/button";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState";
import { LoadingState } from "../../../components/LoadingState";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { useDepositVoucher } from "../api/records";

/** The voucher itself, fetched while this is shown: loading, failed with a retry, or the image. */
function VoucherImage({ id, alt }: { id: string; alt: string }) {
  const { t } = useTranslation();
  const voucher = useDepositVoucher(id);
  if (voucher.isPending) return <LoadingState />;
  if (voucher.isError) {
    const cause = voucher.error;
    const text =
      cause instanceof ApiError
        ? errorText(cause.code, cause.params, cause.serverMsg)
        : t("common.networkError");
    return <ErrorState text={text} onRetry={() => void voucher.refetch()} />;
  }
  return <img className="voucher-sheet__image" src={voucher.data} alt={alt} />;
}

/**
 * "View voucher" of one of the user's deposits (`voucher` true: a transfer slip was uploaded with it), and
 * the sheet that shows it. The image is fetched only while the sheet is open and dropped when it closes
 * (`useDepositVoucher`). `amount` is the formatted amount, naming the deposit to screen readers.
 */
export function VoucherButton({ id, amount, currency }: { id: string; amount: string; currency: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const trigger = useRef<ButtonRef>(null);
  const closeButton = useRef<ButtonRef>(null);
  const deposit = { amount, currency };
  return (
    <>
      <Button
        ref={trigger}
        size="mini"
        fill="outline"
        className="record__voucher"
        aria-label={t("records.voucher.viewNamed", deposit)}
        onClick={() => setOpen(true)}
      >
        {t("records.voucher.view")}
      </Button>
      <Popup
        visible={open}
        onClose={() => setOpen(false)}
        closeOnMaskClick
        position="bottom"
        bodyClassName="voucher-sheet"
        afterShow={() => closeButton.current?.nativeElement?.focus()}
        afterClose={() => trigger.current?.nativeElement?.focus()}
      >
        {/* Mounted only while open: closing drops the query, and with it the image. */}
        {open && (
          <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="voucher-sheet__body">
            <h2 id={titleId} className="voucher-sheet__title">
              {t("records.voucher.title")}
              <span className="voucher-sheet__deposit">{t("records.voucher.deposit", deposit)}</span>
            </h2>
            <div className="voucher-sheet__frame">
              <VoucherImage id={id} alt={t("records.voucher.alt", deposit)} />
            </div>
            <Button ref={closeButton} block size="large" fill="outline" onClick={() => setOpen(false)}>
              {t("records.voucher.close")}
            </Button>
          </div>
        )}
      </Popup>
    </>
  );
}
