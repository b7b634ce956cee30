import { useMutation } from "@tanstack/react-query";
import type { LoginRequest, RegisterRequest, SessionResponse } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { saveSession } from "../../../lib/storage";

/**
 * `user/login` and `user/register` both answer {token, account}: the session is stored either way (which
 * also forgets the previous account's cached data, see app/queryClient).
 */
function useSessionMutation<V extends object>(path: string) {
  return useMutation({
    mutationFn: (values: V) => apiPost<SessionResponse>(path, values),
    onSuccess: (session) => saveSession(session),
  });
}

export const useLogin = () => useSessionMutation<LoginRequest>("user/login");
export const useRegister = () => useSessionMutation<RegisterRequest>("user/register");
