import { useTranslation } from "react-i18next";
import type { IpoSubscription } from "@brokerage/api";
import { money } from "@brokerage/core";
import { formatMoneySafe } from "../../../lib/money";
import { formatPrice } from "../../../lib/quote";
import { RowMain, useOpenPosition } from "../../trade";
import { sharesText } from "../offering";
import { SubscriptionStateChip, dateText, useIpoName } from "./OfferingBits";
import { InclusionProof } from "./DrawTerms";
import { SubscriptionActions } from "./SubscriptionActions";

/** The dates a subscription has reached, in its life's order. */
function datesOf(s: IpoSubscription): [string, string][] {
  const dates: [string, string | null][] = [
    ["ipo.subscribedAt", s.createdAt],
    ["ipo.drawnAt", s.drawnAt],
    ["ipo.paidAt", s.paidAt],
    ["ipo.listedAt", s.listedAt],
  ];
  if (s.state === "applied") dates.push(["ipo.drawDate", s.drawAt]);
  if (s.state === "paid") dates.push(["ipo.listingDate", s.listingAt]);
  return dates.filter((d): d is [string, string] => d[1] !== null);
}

/**
 * One subscription: its number and state, the shares asked for and allotted, the amount at the
 * underwriting price, what it holds of the balance and what went back, its dates and, once drawn, its draw key. A won allotment offers pay and waive (the
 * due date beside them); a listed one opens its position.
 */
export function SubscriptionRow({ subscription: s }: { subscription: IpoSubscription }) {
  const { t } = useTranslation();
  const name = useIpoName(s);
  const openPosition = useOpenPosition();
  const orderId = s.state === "listed" ? s.orderId : null;
  return (
    <li className="trade-row">
      <RowMain
        name={name}
        code={s.symbol}
        chip={<SubscriptionStateChip state={s.state} />}
        label={orderId ? t("ipo.positionOf", { name, code: s.symbol }) : undefined}
        onOpen={orderId ? () => openPosition(orderId) : undefined}
      >
        <span className="ipo-row__no">{t("ipo.subscriptionNo", { no: s.subscriptionNo })}</span>
        <span className="trade-row__grid">
          <span>
            {t("ipo.quantity")} {sharesText(s.quantity)}
          </span>
          <span>
            {t("ipo.allotted")} {s.drawnAt === null ? "—" : sharesText(s.allotted)}
          </span>
          <span>
            {t("ipo.priceShort")} {formatPrice(s.price)}
          </span>
          <span>
            {t("ipo.amount")} {formatMoneySafe(s.amount)} {s.currency}
          </span>
          {money(s.held).greaterThan(0) && (
            <span>
              {t("ipo.held")} {formatMoneySafe(s.held)} {s.currency}
            </span>
          )}
          {money(s.released).greaterThan(0) && (
            <span>
              {t("ipo.released")} {formatMoneySafe(s.released)} {s.currency}
            </span>
          )}
        </span>
        <span className="ipo-row__dates">
          {datesOf(s).map(([key, at]) => (
            <span key={key}>
              {t(key)} <time dateTime={at}>{dateText(at)}</time>
            </span>
          ))}
        </span>
        {s.drawKey !== null && (
          <span className="ipo-row__key">
            {t("ipo.drawKey")} <code>{s.drawKey}</code>
          </span>
        )}
        {orderId && <span className="ipo-row__link">{t("ipo.toPosition")} ›</span>}
      </RowMain>
      <InclusionProof subscriptionId={s.id} no={s.subscriptionNo} />
      {s.state === "awaitingPayment" && (
        <>
          <p className="ipo-row__due">{t("ipo.payBy", { time: dateText(s.paymentDueAt) })}</p>
          <SubscriptionActions subscription={s} name={name} />
        </>
      )}
    </li>
  );
}
