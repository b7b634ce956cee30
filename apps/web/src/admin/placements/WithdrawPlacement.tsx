import type { AdminPlacementOffer } from "@brokerage/api";
import { WithdrawOffer } from "../offerings/WithdrawOffer";
import { useWithdrawPlacement } from "./api";

/** Withdrawing a placement offer, with the reason kept in the audit log. */
export function WithdrawPlacement({
  offer,
  onClose,
}: {
  offer: AdminPlacementOffer | null;
  onClose: () => void;
}) {
  return (
    <WithdrawOffer
      offer={offer}
      withdraw={useWithdrawPlacement()}
      titleKey="placements.withdrawTitle"
      doneKey="placements.withdrawn"
      onClose={onClose}
    />
  );
}
