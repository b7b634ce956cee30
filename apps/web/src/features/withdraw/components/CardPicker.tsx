import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { BankCard } from "@brokerage/api";
import { useGo } from "../../../app/useGo";
import { lastFour } from "../../cards";

/** The bank card to pay to (the user's bound cards, `bank/list`), or a way to add one when there is none. */
export function CardPicker({
  cards,
  value,
  error,
  onChange,
}: {
  /** undefined while `bank/list` loads. */
  cards: BankCard[] | undefined;
  value: string | null;
  error: string | undefined;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const go = useGo();
  const legendId = useId();
  const errorId = `${legendId}-error`;
  return (
    <fieldset
      className={`withdraw-cards${error ? " field--error" : ""}`}
      aria-labelledby={legendId}
      aria-describedby={error ? errorId : undefined}
    >
      <legend id={legendId} className="field__label">
        {t("withdraw.card")}
      </legend>
      {cards === undefined ? (
        <p className="withdraw-cards__none">{t("common.loading")}</p>
      ) : cards.length === 0 ? (
        <p className="withdraw-cards__none">
          {t("withdraw.noCard")}{" "}
          <button type="button" className="text-button" onClick={() => go("/information/addBankCard")}>
            {t("withdraw.addCard")}
          </button>
        </p>
      ) : (
        cards.map((card) => (
          <label key={card.id} className="withdraw-card">
            <input
              type="radio"
              name="bankCardId"
              className="choice-list__input"
              checked={value === card.id}
              onChange={() => onChange(card.id)}
            />
            <span className="choice-list__check" aria-hidden="true" />
            <span className="withdraw-card__text">
              <span className="withdraw-card__bank">
                {t("withdraw.cardLabel", { bank: card.bankName, last4: lastFour(card.cardNumber) })}
              </span>
              <span className="withdraw-card__holder">{card.holderName}</span>
            </span>
          </label>
        ))
      )}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
