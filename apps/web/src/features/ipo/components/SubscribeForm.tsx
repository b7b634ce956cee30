import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { IpoOfferingDetail, IpoSubscribeRequest } from "@brokerage/api";
import { FormError } from "../../../components/FormError";
import { errorText } from "../../../lib/api";
import { ApiError, loadMoneyFormat } from "../../../lib/apiError";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { showSuccess } from "../../../lib/toast";
import { useReadOfferingsAgain, useSubscribeIpo } from "../api/ipo";
import { offeringRefusal, quantityRefusal, sharesText, subscriptionAmount } from "../offering";
import { AmountTerms } from "./AmountTerms";
import { ConfirmSubscribe } from "./ConfirmSubscribe";
import { ExpectedAllotment } from "./DrawTerms";
import { dateText } from "./OfferingBits";
import { SharesStepper } from "./SharesStepper";
import { useStatusNow } from "./useStatusNow";

/**
 * The subscription: whole shares from the minimum, what they come to (the core's `ipoAmount`, to the cent
 * of the server's check) against the available balance, checked here in the server's order, then a
 * confirmation sheet saying the amount is held until the draw, then `ipo/subscribe` once under one
 * idempotency key. While the offering is not open or the user's subscriptions are used up, the form says
 * why and its button is off; it opens at the opening moment without a reload.
 */
export function SubscribeForm({ offering, name }: { offering: IpoOfferingDetail; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [shares, setShares] = useState(offering.minQuantity);
  const [formError, setFormError] = useState<string>();
  const [request, setRequest] = useState<IpoSubscribeRequest | null>(null);
  const [sheetError, setSheetError] = useState<string>();
  const subscribe = useSubscribeIpo();
  const status = useStatusNow(offering, useReadOfferingsAgain());
  const closed = offeringRefusal({ ...offering, status });
  const amount = subscriptionAmount(offering, shares);

  const change = (value: string) => {
    setShares(value);
    setFormError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await loadMoneyFormat();
    const problem = quantityRefusal(offering, shares);
    if (problem) return setFormError(errorText(problem.code, problem.params));
    setSheetError(undefined);
    setRequest({ offeringId: offering.id, quantity: shares, idempotencyKey: newIdempotencyKey() });
  };

  const confirm = () => {
    if (!request) return;
    subscribe.mutate(request, {
      onSuccess: () => {
        setRequest(null);
        showSuccess(t("ipo.subscribed"));
        void navigate("/home/newShareOrder");
      },
      onError: (cause) => {
        // No answer: the sheet stays and confirming again sends the same key (one subscription at most).
        if (!(cause instanceof ApiError)) return setSheetError(t("common.networkError"));
        setRequest(null);
        setFormError(errorText(cause.code, cause.params, cause.serverMsg));
      },
    });
  };

  return (
    <form
      className="card trade-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={t("ipo.formTitle")}
    >
      <SharesStepper value={shares} min={offering.minQuantity} max={offering.maxQuantity} onChange={change} />
      {/* Read out as the shares change. */}
      <section className="trade-preview" aria-label={t("ipo.amountTitle")} aria-live="polite">
        <AmountTerms
          price={offering.price}
          shares={amount !== null ? sharesText(shares) : "—"}
          amount={amount}
          currency={offering.currency}
          available={offering.available}
          exchangeLink
        />
        <ExpectedAllotment offering={offering} shares={shares} />
      </section>
      {closed && (
        <p className="trade-form__error" role="status">
          {closed.code === "NOT_YET_OPEN"
            ? t("ipo.opensAt", { time: dateText(offering.opensAt) })
            : closed.code === "IPO_LIMIT_REACHED"
              ? t("ipo.limitReached", { count: offering.subscriptionLimit })
              : status === "cancelled"
                ? t("ipo.cancelledNote")
                : t("ipo.closedNote")}
        </p>
      )}
      <FormError className="trade-form__error" text={formError} />
      <Button block type="submit" color="danger" size="large" disabled={closed !== null}>
        {t("ipo.submit")}
      </Button>
      <ConfirmSubscribe
        request={request}
        offering={offering}
        name={name}
        busy={subscribe.isPending}
        error={sheetError}
        onConfirm={confirm}
        onClose={() => setRequest(null)}
      />
    </form>
  );
}
