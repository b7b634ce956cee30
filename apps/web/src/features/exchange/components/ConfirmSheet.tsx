import { useId } from "react";
import Button from "antd-mobile/es/components/button";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "react-i18next";
import type { ExchangeQuote } from "@brokerage/api";
import { QuoteCountdown } from "./QuoteCountdown";
import { QuoteTerms } from "./QuoteTerms";

/** The last look before money moves: the quote's terms, its time left, confirm or cancel. */
export function ConfirmSheet({
  open,
  quote,
  seconds,
  total,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  quote: ExchangeQuote;
  seconds: number;
  total: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const expired = seconds <= 0;
  return (
    <Popup
      visible={open}
      onClose={onClose}
      closeOnMaskClick={!busy}
      position="bottom"
      bodyClassName="confirm-sheet"
    >
      <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="confirm-sheet__title">
          {t("exchange.confirmTitle")}
        </h2>
        <QuoteTerms quote={quote} />
        <QuoteCountdown seconds={seconds} total={total} />
        <div className="confirm-sheet__actions">
          <Button fill="outline" size="large" onClick={onClose} disabled={busy}>
            {t("exchange.cancel")}
          </Button>
          <Button color="primary" size="large" loading={busy} disabled={expired} onClick={onConfirm}>
            {expired ? t("exchange.expiredShort") : t("exchange.confirm")}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
