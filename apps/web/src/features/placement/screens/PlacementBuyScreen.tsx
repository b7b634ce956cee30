import "../../trade/trade.css";
import "../../block-trade/blockTrade.css";
import "../placement.css";
import { useMemo, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { PlacementOfferDetail, PlacementSubscribeRequest } from "@brokerage/api";
import { ConfirmSheet } from "../../../components/ConfirmSheet";
import { EmptyCard } from "../../../components/EmptyState";
import { FormError } from "../../../components/FormError";
import { QueryView } from "../../../components/QueryView";
import { Screen } from "../../../components/Screen";
import { errorText } from "../../../lib/api";
import { ApiError, loadMoneyFormat } from "../../../lib/apiError";
import { formatDateTime, pluralOf, sharesText } from "../../../lib/format";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { formatPrice } from "../../../lib/quote";
import { showSuccess } from "../../../lib/toast";
import { StatusChip, WindowText } from "../../block-trade";
import { LotsStepper } from "../../trade";
import { usePlacementOffer, usePlacementSubscribe } from "../api/placement";
import { AmountRange, EligibilityText, KindChip, LockText } from "../components/OfferParts";
import { PlacementTerms } from "../components/PlacementTerms";
import { amountProblem, readPlacementId, subscriptionCost } from "../offer";

/**
 * /home/newStockPsBuy: the offer the list saved (local storage), its terms (kind, price, amount per
 * subscription, window, who may apply, lock), and the form: shares with the stepper, what is held (the
 * amount and the commission, priced by the core's maths with the offer's own fee rule) before applying,
 * a confirmation sheet, then `placement/subscribe` under one idempotency key.
 */
export default function PlacementBuyScreen() {
  const { t } = useTranslation();
  const offerId = useMemo(() => readPlacementId(), []);
  const offer = usePlacementOffer(offerId);
  return (
    <Screen title={t("title.home.newStockPsBuy")}>
      {offerId === null ? (
        <EmptyCard text={t("placement.noOffer")} to="/home/newStockPs" link={t("placement.toOffers")} />
      ) : (
        <QueryView query={offer}>{(detail) => <SubscribeForm offer={detail} />}</QueryView>
      )}
    </Screen>
  );
}

function OfferTerms({ offer }: { offer: PlacementOfferDetail }) {
  const { t } = useTranslation();
  return (
    <section className="card trade-detail" aria-label={t("placement.offerTitle")}>
      <p className="trade-form__stock block-detail__head">
        <span>
          {offer.name} <span className="trade-row__code">{offer.symbol}</span>
        </span>
        <span className="placement-head__chips">
          <KindChip kind={offer.kind} />
          <StatusChip status={offer.status} />
        </span>
      </p>
      <dl className="trade-fields">
        <div>
          <dt>{t("placement.price")}</dt>
          <dd>
            {formatPrice(offer.price)} {offer.currency}
          </dd>
        </div>
        <div>
          <dt>{t("blockTrade.livePrice")}</dt>
          <dd>{offer.livePrice ? `${formatPrice(offer.livePrice)} ${offer.currency}` : "—"}</dd>
        </div>
        <div>
          <dt>{t("placement.amountLabel")}</dt>
          <dd>
            <AmountRange offer={offer} />
          </dd>
        </div>
        <div>
          <dt>{t("blockTrade.sharesLabel")}</dt>
          <dd>
            {offer.maxQuantity === null
              ? t("blockTrade.sharesFrom", { min: sharesText(offer.minQuantity) })
              : t("blockTrade.sharesRange", {
                  min: sharesText(offer.minQuantity),
                  max: sharesText(offer.maxQuantity),
                })}
          </dd>
        </div>
        <div>
          <dt>{t("blockTrade.windowLabel")}</dt>
          <dd>
            {formatDateTime(new Date(offer.opensAt))} – {formatDateTime(new Date(offer.closesAt))}
          </dd>
        </div>
        <div>
          <dt>{t("placement.eligibilityLabel")}</dt>
          <dd>
            <EligibilityText offer={offer} />
          </dd>
        </div>
        <div>
          <dt>{t("placement.lockLabel")}</dt>
          <dd>
            <LockText lockDays={offer.lockDays} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

function SubscribeForm({ offer }: { offer: PlacementOfferDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [shares, setShares] = useState(offer.minQuantity);
  const [formError, setFormError] = useState<string>();
  const [request, setRequest] = useState<PlacementSubscribeRequest | null>(null);
  const [sheetError, setSheetError] = useState<string>();
  const subscribe = usePlacementSubscribe();
  const priced = subscriptionCost(offer, shares);
  const open = offer.status === "open" && offer.ineligible === null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await loadMoneyFormat();
    const problem = amountProblem(offer, shares);
    if (problem) return setFormError(errorText(problem.code, problem.params));
    setSheetError(undefined);
    setRequest({ offerId: offer.id, quantity: shares, idempotencyKey: newIdempotencyKey() });
  };

  const confirm = () => {
    if (!request) return;
    subscribe.mutate(request, {
      onSuccess: () => {
        setRequest(null);
        showSuccess(t("placement.subscribed"));
        navigate("/home/newStockPs");
      },
      onError: (cause) => {
        // No answer: the sheet stays and confirming again sends the same key (one subscription at most).
        if (!(cause instanceof ApiError)) return setSheetError(t("common.networkError"));
        setRequest(null);
        setFormError(errorText(cause.code, cause.params, cause.serverMsg));
      },
    });
  };

  const confirmed = request ? subscriptionCost(offer, request.quantity) : null;
  return (
    <>
      <OfferTerms offer={offer} />
      <form
        className="card trade-form"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label={t("placement.formTitle")}
      >
        <LotsStepper
          value={shares}
          onChange={(value) => {
            setShares(value);
            setFormError(undefined);
          }}
        />
        <section className="trade-preview" aria-label={t("placement.costTitle")}>
          {priced ? (
            <PlacementTerms offer={offer} amount={priced.amount} cost={priced.cost} exchangeLink />
          ) : (
            <p className="trade-preview__wait">{t("trade.lotHint")}</p>
          )}
        </section>
        <ul className="form__rules" aria-label={t("trade.rulesTitle")}>
          <li>{t("placement.reviewNote")}</li>
          {offer.lockDays > 0 && <li>{t("blockTrade.lockRule", { count: offer.lockDays })}</li>}
        </ul>
        {offer.status !== "open" ? (
          <p className="trade-form__error" role="status">
            {offer.status === "upcoming" ? <WindowText offer={offer} /> : t("placement.closedNote")}
          </p>
        ) : (
          offer.ineligible !== null && (
            <p className="trade-form__error" role="status">
              {errorText(offer.ineligible, { symbol: offer.symbol })}
            </p>
          )
        )}
        <FormError className="trade-form__error" text={formError} />
        <Button block type="submit" color="danger" size="large" disabled={!open}>
          {t("placement.submit")}
        </Button>
      </form>
      <ConfirmSheet
        open={request !== null}
        busy={subscribe.isPending}
        error={sheetError}
        onConfirm={confirm}
        onClose={() => setRequest(null)}
        title={t("placement.confirmTitle")}
        cancelLabel={t("trade.cancel")}
        confirmLabel={t("placement.confirmOk")}
      >
        {request && (
          <p className="trade-sheet__summary">
            {t("blockTrade.confirmSummary", {
              count: pluralOf(request.quantity),
              shares: sharesText(request.quantity),
              name: offer.name,
              price: formatPrice(offer.price),
              currency: offer.currency,
            })}
          </p>
        )}
        {confirmed && <PlacementTerms offer={offer} amount={confirmed.amount} cost={confirmed.cost} />}
        <p className="trade-sheet__summary">{t("placement.reviewNote")}</p>
      </ConfirmSheet>
    </>
  );
}
