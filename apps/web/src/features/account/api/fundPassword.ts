import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChangeFundPasswordRequest, SetFundPasswordRequest } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { USER_INFO_KEY } from "./userInfo";

export const SET_FUND_PASSWORD_PATH = "user/setFundPassword";
export const CHANGE_FUND_PASSWORD_PATH = "user/changeFundPassword";

/** Set the fund password (once) or change it; either way the profile's `fundPasswordSet` is re-read. */
export function useSaveFundPassword(mode: "set" | "change") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SetFundPasswordRequest | ChangeFundPasswordRequest) =>
      apiPost(mode === "set" ? SET_FUND_PASSWORD_PATH : CHANGE_FUND_PASSWORD_PATH, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }),
  });
}
