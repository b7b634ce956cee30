import "../../trade/trade.css";
import "../blockTrade.css";
import { useMemo, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { BlockTradeOfferDetail, BlockTradeSubscribeRequest } from "@brokerage/api";
import { EmptyCard } from "../../../components/EmptyState";
import { Field } from "../../../components/Field";
import { QueryView } from "../../../components/QueryView";
import { Screen } from "../../../components/Screen";
import { errorText } from "../../../lib/api";
import { ApiError, loadMoneyFormat } from "../../../lib/apiError";
import { formatDateTime } from "../../../lib/format";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { showSuccess } from "../../../lib/toast";
import { formatPrice } from "../../../lib/quote";
import { LotsStepper } from "../../trade";
import { useBlockTradeOffer, useSubscribe } from "../api/blockTrade";
import { ConfirmSubscription } from "../components/ConfirmSubscription";
import { SharesRange, StatusChip, WindowText } from "../components/OfferRow";
import { SubscriptionTerms } from "../components/SubscriptionTerms";
import { readOfferId, sharesProblem, subscriptionCost } from "../offer";
import { FormError } from "../../../components/FormError";

const failure = (cause: unknown, fallback: string) =>
  cause instanceof ApiError ? errorText(cause.code, cause.params, cause.serverMsg) : fallback;

/**
 * /home/blockTrade1: the offer the list saved (local storage, as the stock detail) and its subscription
 * form: shares with the stepper, the secret key where the offer asks for one, what is held (margin, fee,
 * total, priced by the core's maths with the offer's own fee rule), the available balance, a confirmation
 * sheet, then `blockTrade/subscribe` under one idempotency key.
 */
export default function BlockTradeDetailScreen() {
  const { t } = useTranslation();
  const offerId = useMemo(() => readOfferId(), []);
  const offer = useBlockTradeOffer(offerId);
  return (
    <Screen title={t("title.home.blockTrade1")}>
      {offerId === null ? (
        <EmptyCard text={t("blockTrade.noOffer")} to="/home/blockTrade" link={t("blockTrade.toOffers")} />
      ) : (
        <QueryView query={offer}>{(detail) => <SubscribeForm offer={detail} />}</QueryView>
      )}
    </Screen>
  );
}

function SubscribeForm({ offer }: { offer: BlockTradeOfferDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [shares, setShares] = useState(offer.minQuantity);
  const [secretKey, setSecretKey] = useState("");
  const [formError, setFormError] = useState<string>();
  const [request, setRequest] = useState<BlockTradeSubscribeRequest | null>(null);
  const [sheetError, setSheetError] = useState<string>();
  const subscribe = useSubscribe();
  const cost = subscriptionCost(offer, shares);
  const open = offer.status === "open";

  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setFormError(undefined);
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await loadMoneyFormat();
    const problem = sharesProblem(offer, shares);
    if (problem) return setFormError(errorText(problem.code, problem.params));
    if (offer.secretKeyRequired && secretKey.trim() === "") return setFormError(t("blockTrade.keyMissing"));
    setSheetError(undefined);
    setRequest({
      offerId: offer.id,
      quantity: shares,
      ...(offer.secretKeyRequired ? { secretKey: secretKey.trim() } : {}),
      idempotencyKey: newIdempotencyKey(),
    });
  };

  const confirm = () => {
    if (!request) return;
    subscribe.mutate(request, {
      onSuccess: () => {
        setRequest(null);
        showSuccess(t("blockTrade.subscribed"));
        navigate("/home/blockTrade2");
      },
      onError: (cause) => {
        // No answer: the sheet stays and confirming again sends the same key (one subscription at most).
        if (!(cause instanceof ApiError)) return setSheetError(t("common.networkError"));
        setRequest(null);
        setFormError(failure(cause, t("common.networkError")));
      },
    });
  };

  return (
    <>
      <section className="card trade-detail" aria-label={t("blockTrade.offerTitle")}>
        <p className="trade-form__stock block-detail__head">
          <span>
            {offer.name} <span className="trade-row__code">{offer.symbol}</span>
          </span>
          <StatusChip status={offer.status} />
        </p>
        <dl className="trade-fields">
          <div>
            <dt>{t("blockTrade.offerPrice")}</dt>
            <dd>
              {formatPrice(offer.price)} {offer.currency}
            </dd>
          </div>
          <div>
            <dt>{t("blockTrade.livePrice")}</dt>
            <dd>{offer.livePrice ? `${formatPrice(offer.livePrice)} ${offer.currency}` : "—"}</dd>
          </div>
          <div>
            <dt>{t("blockTrade.discountLabel")}</dt>
            <dd>{offer.discount === null ? "—" : `${offer.discount}%`}</dd>
          </div>
          <div>
            <dt>{t("blockTrade.sharesLabel")}</dt>
            <dd>
              <SharesRange offer={offer} />
            </dd>
          </div>
          <div>
            <dt>{t("blockTrade.windowLabel")}</dt>
            <dd>
              {formatDateTime(new Date(offer.opensAt))} – {formatDateTime(new Date(offer.closesAt))}
            </dd>
          </div>
          <div>
            <dt>{t("blockTrade.lockLabel")}</dt>
            <dd>
              {offer.lockDays > 0
                ? t("blockTrade.lockDays", { count: offer.lockDays })
                : t("blockTrade.noLock")}
            </dd>
          </div>
        </dl>
      </section>
      <form
        className="card trade-form"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label={t("blockTrade.formTitle")}
      >
        <LotsStepper value={shares} onChange={edit(setShares)} />
        {offer.secretKeyRequired && (
          <Field
            label={t("blockTrade.secretKey")}
            name="secretKey"
            secret
            autoComplete="off"
            value={secretKey}
            onChange={edit(setSecretKey)}
            placeholder={t("blockTrade.secretKeyHint")}
          />
        )}
        <section className="trade-preview" aria-label={t("blockTrade.costTitle")}>
          {cost ? (
            <SubscriptionTerms offer={offer} cost={cost} exchangeLink />
          ) : (
            <p className="trade-preview__wait">{t("trade.lotHint")}</p>
          )}
        </section>
        <ul className="form__rules" aria-label={t("trade.rulesTitle")}>
          <li>{t("blockTrade.reviewNote")}</li>
          {offer.lockDays > 0 && <li>{t("blockTrade.lockRule", { count: offer.lockDays })}</li>}
        </ul>
        {!open && (
          <p className="trade-form__error" role="status">
            {offer.status === "upcoming" ? <WindowText offer={offer} /> : t("blockTrade.closedNote")}
          </p>
        )}
        <FormError className="trade-form__error" text={formError} />
        <Button block type="submit" color="danger" size="large" disabled={!open}>
          {t("blockTrade.submit")}
        </Button>
      </form>
      <ConfirmSubscription
        request={request}
        offer={offer}
        cost={request ? subscriptionCost(offer, request.quantity) : null}
        busy={subscribe.isPending}
        error={sheetError}
        onConfirm={confirm}
        onClose={() => setRequest(null)}
      />
    </>
  );
}
