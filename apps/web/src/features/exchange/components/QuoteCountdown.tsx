import { useTranslation } from "react-i18next";

/**
 * How long the quote can still be filled, as text and a draining bar. Screen readers are not told every
 * second (the text is a timer, not a live region); they are told when it has expired.
 */
export function QuoteCountdown({ seconds, total }: { seconds: number; total: number }) {
  const { t } = useTranslation();
  if (seconds <= 0)
    return (
      <p className="quote-countdown quote-countdown--expired" role="status">
        {t("exchange.expired")}
      </p>
    );
  const share = total > 0 ? Math.min(1, seconds / total) : 0;
  return (
    <div className="quote-countdown">
      <p role="timer" aria-live="off">
        {t("exchange.validFor", { count: seconds })}
      </p>
      <span className="quote-countdown__bar" aria-hidden="true">
        <span style={{ transform: `scaleX(${share})` }} />
      </span>
    </div>
  );
}
