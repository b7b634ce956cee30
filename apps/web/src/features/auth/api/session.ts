import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginRequest, RegisterRequest, SessionResponse } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { saveSession } from "../../../lib/storage";

/** `user/login` and `user/register` both answer {token, account}: the session is stored either way. */
function useSessionMutation<V extends object>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: V) => apiPost<SessionResponse>(path, values),
    onSuccess: (session) => {
      queryClient.removeQueries({ queryKey: ["user"] });
      saveSession(session);
    },
  });
}

export const useLogin = () => useSessionMutation<LoginRequest>("user/login");
export const useRegister = () => useSessionMutation<RegisterRequest>("user/register");
