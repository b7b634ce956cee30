import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api";
import { hasSession } from "../../../lib/storage";
import { postMultipart } from "../../kyc";

export const RECHARGE_CHANNELS_KEY = ["fund", "rechargeChannels"] as const;
/** The key of the records' deposit list (features/records), read again after a new deposit. */
export const RECHARGE_LIST_KEY = ["fund", "rechargeList"] as const;

/** `fund/rechargeChannels`: the channels, their effective limits and the recharge window. */
export function useRechargeChannels() {
  return useQuery({
    queryKey: RECHARGE_CHANNELS_KEY,
    queryFn: () => apiPost("fund/rechargeChannels"),
    enabled: hasSession(),
    // Whether the window is open changes with the clock: read again when the screen is opened again.
    staleTime: 0,
  });
}

export interface RechargeRequest {
  channelId: string;
  currency: string;
  amount: string;
  voucher: File | null;
  /** One per submission: a retry after a lost answer sends the same key and cannot deposit twice. */
  idempotencyKey: string;
}

/** A fresh idempotency key (DESIGN §4.1: 8–64 of [A-Za-z0-9_-]). */
export const newIdempotencyKey = () => `dep-${crypto.randomUUID()}`;

/** `fund/recharge` as multipart with the voucher, reporting upload progress. */
export function useRecharge(onProgress: (sent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RechargeRequest) => {
      const form = new FormData();
      form.append("channelId", request.channelId);
      form.append("currency", request.currency);
      form.append("amount", request.amount);
      form.append("idempotencyKey", request.idempotencyKey);
      if (request.voucher) form.append("voucher", request.voucher, request.voucher.name || "voucher");
      return postMultipart("fund/recharge", form, onProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECHARGE_LIST_KEY }),
  });
}
