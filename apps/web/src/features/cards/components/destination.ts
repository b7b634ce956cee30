import type { TFunction } from "i18next";
import { lastFour } from "./cardNumber";

/** The head and tail of a wallet address, as wallets show one in a list ("TR7NHq…Lj6t"). */
export const shortAddress = (address: string) =>
  address.length <= 14 ? address : `${address.slice(0, 6)}…${address.slice(-6)}`;

/** A wallet type by its network, in words ("USDT on Tron (TRC-20)"). */
export const networkName = (t: TFunction, type: string) => t(`cards.network.${type}`, { defaultValue: type });

/** Where a withdrawal goes, on one line: a card by its bank and last digits, an address by its network. */
export function destinationLabel(
  t: TFunction,
  to: {
    card: { bankName: string; cardNumber: string } | null;
    wallet: { type: string; address: string } | null;
  },
): string {
  if (to.wallet)
    return t("cards.walletLabel", {
      network: networkName(t, to.wallet.type),
      address: shortAddress(to.wallet.address),
    });
  if (to.card)
    return t("withdraw.cardLabel", { bank: to.card.bankName, last4: lastFour(to.card.cardNumber) });
  return "";
}
