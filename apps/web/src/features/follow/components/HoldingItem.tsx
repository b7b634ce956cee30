import { useState } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { FollowHolding } from "@brokerage/api";
import { ConfirmSheet } from "../../../components/ConfirmSheet";
import { TermList, type Term } from "../../../components/TermList";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { showSuccess } from "../../../lib/toast";
import { formatAmount, formatSigned } from "../../records";
import { useFollowRedeem } from "../api/follow";
import { hasEnded, signedPercent, toneOfChange } from "../product";
import { navText, timeText } from "./parts";

/**
 * One copy order: the product, its state, what was paid, the units and the NAV they were bought at, the
 * value now and the P&L net of every fee, since when; once ended, when, at what NAV, the payout and why
 * (the staff's reason for a close). Where the product allows it, the early redemption with a confirmation.
 */
export function HoldingItem({ holding }: { holding: FollowHolding }) {
  const { t } = useTranslation();
  const redeem = useFollowRedeem();
  const [key, setKey] = useState<string | null>(null);
  const m = (value: string) => `${formatAmount(value, holding.currency)} ${holding.currency}`;
  const done = hasEnded(holding);
  const rows: Term[] = [
    { label: t("follow.paidIn"), value: m(holding.amount) },
    { label: t("follow.units"), value: holding.units ?? t("follow.unitsPending") },
    { label: t("follow.buyNav"), value: holding.buyNav === null ? "—" : navText(holding.buyNav) },
  ];
  if (!done) {
    rows.push(
      { label: t("follow.nav"), value: navText(holding.nav) },
      { label: t("follow.value"), value: m(holding.value), strong: true },
    );
  } else {
    rows.push(
      { label: t("follow.payoutNav"), value: holding.payoutNav === null ? "—" : navText(holding.payoutNav) },
      { label: t("follow.payout"), value: holding.payout === null ? "—" : m(holding.payout), strong: true },
    );
  }
  rows.push(
    {
      label: t("follow.pnl"),
      value: `${formatSigned(holding.pnl, holding.currency)} ${holding.currency} (${signedPercent(holding.pnlRate)})`,
    },
    {
      label: t("follow.stopLoss"),
      value: t("follow.stopLossShort", { percent: holding.copyStopLoss, value: m(holding.stopValue) }),
    },
    { label: t("follow.boughtAt"), value: timeText(holding.createdAt) },
  );
  if (holding.since) rows.push({ label: t("follow.since"), value: timeText(holding.since) });
  if (holding.endedAt) rows.push({ label: t("follow.endedAt"), value: timeText(holding.endedAt) });
  else rows.push({ label: t("follow.endsAt"), value: timeText(holding.endsAt) });
  const failure =
    redeem.error instanceof ApiError
      ? errorText(redeem.error.code, redeem.error.params, redeem.error.serverMsg)
      : redeem.error
        ? t("common.networkError")
        : undefined;
  return (
    <li className="record follow-holding">
      <div className="record__line">
        <span className="record__type">{holding.productName}</span>
        <span className={`record__state follow-state follow-state--${holding.state}`}>
          {t(`follow.holdingState.${holding.state}`)}
        </span>
      </div>
      <p className={`follow-holding__pnl follow-change--${toneOfChange(holding.pnl)}`}>
        {t("follow.pnlNet", { pnl: `${formatSigned(holding.pnl, holding.currency)} ${holding.currency}` })}
      </p>
      <TermList rows={rows} />
      {holding.endReason && (
        <p className="record__reason">
          {holding.endReason === "closed" && holding.closeReason
            ? t("follow.endedClosed", { reason: holding.closeReason })
            : t(`follow.endReason.${holding.endReason}`)}
        </p>
      )}
      {holding.canRedeem && (
        <Button block color="default" onClick={() => setKey(newIdempotencyKey())}>
          {t("follow.redeem")}
        </Button>
      )}
      <ConfirmSheet
        open={key !== null}
        role="alertdialog"
        busy={redeem.isPending}
        error={failure}
        title={t("follow.redeemTitle")}
        cancelLabel={t("trade.cancel")}
        confirmLabel={t("follow.redeemOk")}
        onConfirm={() =>
          key &&
          redeem.mutate(
            { holdingId: holding.id, idempotencyKey: key },
            {
              onSuccess: () => {
                setKey(null);
                showSuccess(t("follow.redeemAsked"));
              },
            },
          )
        }
        onClose={() => {
          setKey(null);
          redeem.reset();
        }}
      >
        <p className="trade-sheet__summary">
          {t(holding.state === "pending" ? "follow.redeemPendingNote" : "follow.redeemNote", {
            name: holding.productName,
            value: m(holding.value),
          })}
        </p>
      </ConfirmSheet>
    </li>
  );
}
