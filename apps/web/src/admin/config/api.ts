import type { AdminRequest } from "@brokerage/api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminPost } from "../lib/client";

const configKey = ["admin", "config"] as const;

export function useConfigList() {
  return useQuery({ queryKey: configKey, queryFn: () => adminPost("config/list") });
}

function useConfigChange<P extends "config/set" | "config/reset">(path: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AdminRequest<P>) => adminPost(path, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKey }),
  });
}

/** Reads the list again (a control setting's change was decided in the review queue). */
export function useInvalidateConfig() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: configKey });
}

export const useConfigSet = () => useConfigChange("config/set");
export const useConfigReset = () => useConfigChange("config/reset");
