import { useMutation } from "@tanstack/react-query";
import type { ChangeLoginPasswordRequest } from "@brokerage/api";
import { apiPost } from "../../../lib/api";

/** Change the login password; on success the server revokes every session of the user. */
export const CHANGE_LOGIN_PASSWORD_PATH = "user/changeLoginPassword";

export function useChangeLoginPassword() {
  return useMutation({
    mutationFn: (values: ChangeLoginPasswordRequest) => apiPost(CHANGE_LOGIN_PASSWORD_PATH, values),
  });
}
