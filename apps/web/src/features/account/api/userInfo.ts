import { useQuery } from "@tanstack/react-query";
import type { UserInfo } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { getAccount, hasSession } from "../../../lib/storage";

export const USER_INFO_KEY = ["user", "info"] as const;

/** `user/getUserinfo`: the signed-in user's profile. */
export function useUserInfo() {
  return useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: () => apiPost("user/getUserinfo"),
    enabled: hasSession(),
  });
}

/** Spec §1: greet by real name, else by account (the stored one while the profile loads). */
export function displayName(user: UserInfo | undefined): string {
  return user?.realname || user?.account || getAccount() || "";
}
