import { useId, useState } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { LendingApplyRequest, LendingTerms } from "@brokerage/api";
import { ConfirmSheet } from "../../../components/ConfirmSheet";
import { EmptyState } from "../../../components/EmptyState";
import { Field } from "../../../components/Field";
import { FormError } from "../../../components/FormError";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { showSuccess } from "../../../lib/toast";
import { useApplyLending } from "../api/lending";
import { expectedRebate, percentOf } from "../terms";
import { failureText } from "./errors";
import { TermList, moneyText } from "./Figures";

/**
 * The offer to lend: one of the eligible holdings, how many of its whole shares, a term; the value and the
 * rebate the term earns at today's price shown as they are chosen; a confirmation naming the risks' gist;
 * then `lending/apply` once under one idempotency key.
 */
export function LendForm({ terms }: { terms: LendingTerms }) {
  const { t } = useTranslation();
  const apply = useApplyLending();
  const titleId = useId();
  const first = terms.eligible[0];
  const [positionId, setPositionId] = useState(first?.positionId ?? "");
  const [quantity, setQuantity] = useState(first?.quantity ?? "");
  const [days, setDays] = useState(terms.termDays[0] ?? 7);
  const [problem, setProblem] = useState<string | undefined>();
  const [draft, setDraft] = useState<LendingApplyRequest | null>(null);
  const position = terms.eligible.find((p) => p.positionId === positionId) ?? first;
  if (!position)
    return (
      <section className="card lending-card" aria-labelledby={titleId}>
        <h2 id={titleId} className="lending-card__title">
          {t("lending.formTitle")}
        </h2>
        <EmptyState text={t("lending.noneEligible")} />
      </section>
    );
  const { currency } = position;
  const m = (value: string) => moneyText(value, currency);
  const figures = expectedRebate(quantity, position.price, terms.rate, days, currency);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    apply.reset();
    if (!/^\d{1,12}$/.test(quantity) || Number(quantity) < 1) return setProblem(t("lending.wholeShares"));
    if (BigInt(quantity) > BigInt(position.quantity))
      return setProblem(t("errors.LENDING_ABOVE_HELD", { held: position.quantity }));
    setProblem(undefined);
    setDraft({ positionId: position.positionId, quantity, days, idempotencyKey: newIdempotencyKey() });
  };
  const confirm = () => {
    if (!draft) return;
    apply.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        showSuccess(t("lending.submitted"));
      },
    });
  };
  return (
    <form className="card form lending-card" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className="lending-card__title">
        {t("lending.formTitle")}
      </h2>
      <fieldset className="lending-choices">
        <legend>{t("lending.position")}</legend>
        {terms.eligible.map((p) => (
          <label key={p.positionId} className="lending-choice">
            <input
              type="radio"
              name="position"
              value={p.positionId}
              checked={p.positionId === position.positionId}
              onChange={() => {
                setPositionId(p.positionId);
                setQuantity(p.quantity);
              }}
            />
            <span>
              {t("lending.positionOption", {
                symbol: p.symbol,
                name: p.name,
                quantity: p.quantity,
                value: moneyText(p.value, p.currency),
              })}
            </span>
          </label>
        ))}
      </fieldset>
      <Field
        label={t("lending.quantity")}
        value={quantity}
        onChange={setQuantity}
        inputMode="numeric"
        unit={t("lending.sharesUnit")}
        hint={t("lending.quantityHint", { held: position.quantity })}
        error={problem}
      />
      <fieldset className="lending-choices lending-choices--row">
        <legend>{t("lending.term")}</legend>
        {terms.termDays.map((d) => (
          <label key={d} className="lending-chip">
            <input type="radio" name="days" value={d} checked={d === days} onChange={() => setDays(d)} />
            <span>{t("lending.days", { count: d })}</span>
          </label>
        ))}
      </fieldset>
      <div aria-live="polite">
        <TermList
          rows={[
            { label: t("lending.value"), value: figures ? m(figures.value) : "—" },
            {
              label: t("lending.expected", { rate: percentOf(terms.rate) }),
              value: figures ? m(figures.rebate) : "—",
              strong: true,
            },
          ]}
        />
      </div>
      <FormError className="trade-form__error" text={draft ? undefined : failureText(apply.error)} />
      <Button block type="submit" color="primary" size="large">
        {t("lending.submit")}
      </Button>
      <ConfirmSheet
        open={draft !== null}
        busy={apply.isPending}
        error={failureText(apply.error)}
        title={t("lending.confirmTitle")}
        cancelLabel={t("lending.cancel")}
        confirmLabel={t("lending.confirmOk")}
        onConfirm={confirm}
        onClose={() => {
          setDraft(null);
          apply.reset();
        }}
      >
        {draft && figures && (
          <>
            <TermList
              rows={[
                { label: t("lending.shares"), value: `${position.symbol} × ${draft.quantity}` },
                { label: t("lending.term"), value: t("lending.days", { count: draft.days }) },
                { label: t("lending.value"), value: m(figures.value) },
                { label: t("lending.expectedShort"), value: m(figures.rebate), strong: true },
              ]}
            />
            <p className="trade-sheet__summary">{t("lending.confirmNote")}</p>
          </>
        )}
      </ConfirmSheet>
    </form>
  );
}
