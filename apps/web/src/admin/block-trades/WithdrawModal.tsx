import type { AdminBlockTradeOffer } from "@brokerage/api";
import { WithdrawOffer } from "../offerings/WithdrawOffer";
import { useWithdrawOffer } from "./api";

/** Withdrawing a block-trade offer, with the reason kept in the audit log. */
export function WithdrawModal({
  offer,
  onClose,
}: {
  offer: AdminBlockTradeOffer | null;
  onClose: () => void;
}) {
  return (
    <WithdrawOffer
      offer={offer}
      withdraw={useWithdrawOffer()}
      titleKey="blockTrades.withdrawTitle"
      doneKey="blockTrades.withdrawn"
      onClose={onClose}
    />
  );
}
