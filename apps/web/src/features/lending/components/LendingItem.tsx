import { useState } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { Lending } from "@brokerage/api";
import { ConfirmSheet } from "../../../components/ConfirmSheet";
import { showSuccess } from "../../../lib/toast";
import { useRecallLending } from "../api/lending";
import { percentOf } from "../terms";
import { failureText } from "./errors";
import { TermList, dateText, moneyText, type Term } from "./Figures";

/**
 * One lending: the shares, its state (under review, refused, in progress, completed), when the shares come
 * back, the rebate paid and expected, each day's rebate, and while in progress the recall with its
 * confirmation (they come back at the open of the next trading day).
 */
export function LendingItem({ lending }: { lending: Lending }) {
  const { t } = useTranslation();
  const recall = useRecallLending();
  const [asking, setAsking] = useState(false);
  const m = (value: string) => moneyText(value, lending.currency);
  const rows: Term[] = [
    { label: t("lending.term"), value: t("lending.days", { count: lending.days }) },
    { label: t("lending.valueLent"), value: m(lending.value) },
    { label: t("lending.rate"), value: t("lending.rateValue", { rate: percentOf(lending.rate) }) },
    { label: t("lending.appliedAt"), value: dateText(lending.createdAt) },
  ];
  if (lending.startedAt) rows.push({ label: t("lending.startedAt"), value: dateText(lending.startedAt) });
  if (lending.endsAt)
    rows.push({
      label: t(lending.state === "completed" ? "lending.returnedAt" : "lending.endsAt"),
      value: dateText(lending.endsAt),
    });
  if (lending.recalledAt) rows.push({ label: t("lending.recalledAt"), value: dateText(lending.recalledAt) });
  // What the whole term would earn, while it still may; what was paid, once anything can be.
  if (lending.state === "pending" || (lending.state === "inProgress" && lending.recalledAt === null))
    rows.push({ label: t("lending.expectedShort"), value: m(lending.expectedRebate) });
  if (lending.state === "inProgress" || lending.state === "completed")
    rows.push({ label: t("lending.paid"), value: m(lending.rebatePaid), strong: true });
  const canRecall = lending.state === "inProgress" && lending.recalledAt === null;
  return (
    <li className="record lending-item">
      <div className="record__line">
        <span className="record__type">
          {t("lending.itemTitle", { symbol: lending.symbol, quantity: lending.quantity })}
        </span>
        <span className={`record__state record__state--${lending.state}`}>
          {t(`lending.state.${lending.state}`)}
        </span>
      </div>
      <p className="record__meta">{lending.name}</p>
      <TermList rows={rows} />
      {lending.reason && <p className="record__reason">{t("lending.reason", { reason: lending.reason })}</p>}
      {lending.rebates.length > 0 && (
        <details className="lending-rebates">
          <summary>{t("lending.rebates", { count: lending.rebates.length })}</summary>
          <ul aria-label={t("lending.rebatesLabel", { symbol: lending.symbol })}>
            {lending.rebates.map((r) => (
              <li key={r.day}>
                <span>{r.day}</span>
                <span>{m(r.amount)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {canRecall && (
        <Button block color="default" onClick={() => setAsking(true)}>
          {t("lending.recall")}
        </Button>
      )}
      <ConfirmSheet
        open={asking}
        role="alertdialog"
        busy={recall.isPending}
        error={failureText(recall.error)}
        title={t("lending.recallTitle")}
        cancelLabel={t("lending.cancel")}
        confirmLabel={t("lending.recallOk")}
        onConfirm={() =>
          recall.mutate(
            { id: lending.id },
            {
              onSuccess: (done) => {
                setAsking(false);
                showSuccess(t("lending.recalled", { at: done.endsAt ? dateText(done.endsAt) : "" }));
              },
            },
          )
        }
        onClose={() => {
          setAsking(false);
          recall.reset();
        }}
      >
        <p className="trade-sheet__summary">
          {t("lending.recallNote", { symbol: lending.symbol, quantity: lending.quantity })}
        </p>
      </ConfirmSheet>
    </li>
  );
}
