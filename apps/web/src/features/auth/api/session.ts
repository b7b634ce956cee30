import { useMutation } from "@tanstack/react-query";
import type { LoginRequest, RegisterRequest, SessionResponse } from "@brokerage/api";
import { apiPost, type RequestOptions } from "../../../lib/api";
import { saveSession } from "../../../lib/storage";

/**
 * `user/login` and `user/register` both answer {token, account}: the session is stored either way (which
 * also forgets the previous account's cached data, see app/queryClient).
 */
function useSessionMutation<V extends object>(path: string, options: RequestOptions = {}) {
  return useMutation({
    mutationFn: (values: V) => apiPost<SessionResponse>(path, values, options),
    onSuccess: (session) => saveSession(session),
  });
}

/** Silent: the log-in screen answers OTP_REQUIRED with its code step and shows a wrong code inline. */
export const useLogin = () => useSessionMutation<LoginRequest>("user/login", { silent: true });
export const useRegister = () => useSessionMutation<RegisterRequest>("user/register");
