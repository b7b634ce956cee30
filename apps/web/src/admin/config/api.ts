import type { ConfigItem, ConfigList, ConfigResetRequest, ConfigSetRequest } from "@brokerage/api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminPost } from "../lib/client";

const configKey = ["admin", "config"] as const;

export function useConfigList() {
  return useQuery({ queryKey: configKey, queryFn: () => adminPost<ConfigList>("config/list") });
}

function useConfigChange<TRequest extends object>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TRequest) => adminPost<ConfigItem>(path, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKey }),
  });
}

/** Reads the list again (a control setting's change was decided in the review queue). */
export function useInvalidateConfig() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: configKey });
}

export const useConfigSet = () => useConfigChange<ConfigSetRequest>("config/set");
export const useConfigReset = () => useConfigChange<ConfigResetRequest>("config/reset");
