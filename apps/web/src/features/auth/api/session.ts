import { useMutation } from "@tanstack/react-query";
import type { UserRequest } from "@brokerage/api";
import { apiPost, type RequestOptions } from "../../../lib/api";
import { saveSession } from "../../../lib/storage";

/**
 * `user/login` and `user/register` both answer {token, account}: the session is stored either way (which
 * also forgets the previous account's cached data, see app/queryClient).
 */
function useSessionMutation<P extends "user/login" | "user/register">(path: P, options: RequestOptions = {}) {
  return useMutation({
    mutationFn: (values: UserRequest<P>) => apiPost(path, values, options),
    onSuccess: (session) => saveSession(session),
  });
}

/** Silent: the log-in screen answers OTP_REQUIRED with its code step and shows a wrong code inline. */
export const useLogin = () => useSessionMutation("user/login", { silent: true });
export const useRegister = () => useSessionMutation("user/register");
