import { useTranslation } from "react-i18next";
import type { ExchangeQuote } from "@brokerage/api";
import { ConfirmSheet as Sheet, type ConfirmProps } from "../../../components/ConfirmSheet";
import { QuoteCountdown } from "./QuoteCountdown";
import { QuoteTerms } from "./QuoteTerms";

/** The last look before money moves: the quote's terms, its time left, confirm or cancel. */
export function ConfirmSheet({
  quote,
  seconds,
  total,
  ...sheet
}: ConfirmProps & {
  open: boolean;
  quote: ExchangeQuote;
  seconds: number;
  total: number;
}) {
  const { t } = useTranslation();
  const expired = seconds <= 0;
  return (
    <Sheet
      {...sheet}
      title={t("exchange.confirmTitle")}
      cancelLabel={t("exchange.cancel")}
      confirmLabel={expired ? t("exchange.expiredShort") : t("exchange.confirm")}
      confirmDisabled={expired}
      className="confirm-sheet"
    >
      <QuoteTerms quote={quote} />
      <QuoteCountdown seconds={seconds} total={total} />
    </Sheet>
  );
}
