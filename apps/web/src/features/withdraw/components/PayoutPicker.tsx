import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { BankCard, PayoutNetwork, WalletAddress } from "@brokerage/api";
import { useGo } from "../../../app/useGo";
import { formatMoneySafe } from "../../../lib/money";
import { lastFour, networkName, shortAddress } from "../../cards";

/** What a withdrawal pays to: one of the user's cards, or one of their saved addresses. */
export type Payee = { kind: "card"; id: string } | { kind: "wallet"; id: string };

export const payeeKey = (payee: Payee) => `${payee.kind}:${payee.id}`;

/**
 * Where to pay the withdrawal: the user's bound cards (`bank/list`) and saved wallet addresses
 * (`wallet/list`), each address with its network and the network's fee; an address whose network does not
 * pay out this currency is shown, not offered. With neither, the ways to add one.
 */
export function PayoutPicker({
  cards,
  wallets,
  networks,
  currency,
  value,
  error,
  onChange,
}: {
  /** undefined while `bank/list` loads. */
  cards: BankCard[] | undefined;
  /** undefined while `wallet/list` loads. */
  wallets: WalletAddress[] | undefined;
  networks: PayoutNetwork[];
  currency: string;
  value: Payee | null;
  error: string | undefined;
  onChange: (payee: Payee) => void;
}) {
  const { t } = useTranslation();
  const go = useGo();
  const legendId = useId();
  const errorId = `${legendId}-error`;
  const chosen = value === null ? null : payeeKey(value);
  const feeOf = (type: string) => networks.find((n) => n.type === type)?.fee;
  const none = cards?.length === 0 && wallets?.length === 0;
  return (
    <fieldset
      className={`withdraw-cards${error ? " field--error" : ""}`}
      aria-labelledby={legendId}
      aria-describedby={error ? errorId : undefined}
    >
      <legend id={legendId} className="field__label">
        {t("withdraw.payTo")}
      </legend>
      {cards === undefined || wallets === undefined ? (
        <p className="withdraw-cards__none">{t("common.loading")}</p>
      ) : none ? (
        <p className="withdraw-cards__none">{t("withdraw.noPayee")}</p>
      ) : (
        <>
          {cards.map((card) => (
            <label key={card.id} className="withdraw-card">
              <input
                type="radio"
                name="payee"
                className="choice-list__input"
                checked={chosen === `card:${card.id}`}
                onChange={() => onChange({ kind: "card", id: card.id })}
              />
              <span className="choice-list__check" aria-hidden="true" />
              <span className="withdraw-card__text">
                <span className="withdraw-card__bank">
                  {t("withdraw.cardLabel", { bank: card.bankName, last4: lastFour(card.cardNumber) })}
                </span>
                <span className="withdraw-card__holder">{card.holderName}</span>
              </span>
            </label>
          ))}
          {wallets.map((wallet) => {
            const fee = feeOf(wallet.type);
            return (
              <label
                key={wallet.id}
                className={`withdraw-card${fee === undefined ? " withdraw-card--off" : ""}`}
              >
                <input
                  type="radio"
                  name="payee"
                  className="choice-list__input"
                  disabled={fee === undefined}
                  checked={chosen === `wallet:${wallet.id}`}
                  onChange={() => onChange({ kind: "wallet", id: wallet.id })}
                />
                <span className="choice-list__check" aria-hidden="true" />
                <span className="withdraw-card__text">
                  <span className="withdraw-card__bank">
                    {t("cards.walletLabel", {
                      network: networkName(t, wallet.type),
                      address: shortAddress(wallet.address),
                    })}
                  </span>
                  <span className="withdraw-card__holder">
                    {fee === undefined
                      ? t("withdraw.networkOff", { currency })
                      : t("withdraw.networkFee", { fee: formatMoneySafe(fee), currency })}
                  </span>
                </span>
              </label>
            );
          })}
        </>
      )}
      {cards !== undefined && wallets !== undefined && (
        <p className="withdraw-cards__add">
          <button type="button" className="text-button" onClick={() => go("/information/addBankCard")}>
            {t("withdraw.addCard")}
          </button>
          <button type="button" className="text-button" onClick={() => go("/information/usdtAddress")}>
            {t("withdraw.addWallet")}
          </button>
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
