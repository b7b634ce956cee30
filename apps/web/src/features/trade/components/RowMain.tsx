import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { TradeOrder } from "@brokerage/api";
import { savePositionId } from "../order";

/**
 * The body of a trade list's row: the instrument's name and code with a chip beside them, then the row's
 * own lines. With `onOpen` it is a button named `label` that opens the row's detail.
 */
export function RowMain({
  name,
  code,
  chip,
  label,
  onOpen,
  children,
}: {
  name: string;
  code: string;
  chip: ReactNode;
  label?: string;
  onOpen?: () => void;
  children: ReactNode;
}) {
  const head = (
    <span className="trade-row__head">
      <span className="trade-row__name">
        {name} <span className="trade-row__code">{code}</span>
      </span>
      {chip}
    </span>
  );
  return onOpen ? (
    <button type="button" className="trade-row__main" aria-label={label} onClick={onOpen}>
      {head}
      {children}
    </button>
  ) : (
    <div className="trade-row__main">
      {head}
      {children}
    </div>
  );
}

/** Long or short, in its colour. */
export function DirectionChip({ direction }: { direction: TradeOrder["direction"] }) {
  const { t } = useTranslation();
  return <span className={`trade-chip trade-chip--${direction}`}>{t(`trade.direction.${direction}`)}</span>;
}

/**
 * Marks an intraday (day-trade) order: no lock, closed automatically at the market's close. The word is
 * the marker, not the colour; a row whose button has its own name carries it in that name too.
 */
export function IntradayChip() {
  const { t } = useTranslation();
  return <span className="trade-chip trade-chip--intraday">{t("trade.intradayChip")}</span>;
}

/** Opens a position's (or an order's) detail screen. */
export function useOpenPosition() {
  const navigate = useNavigate();
  return (id: string) => {
    savePositionId(id);
    void navigate("/trade/positionDetail");
  };
}
