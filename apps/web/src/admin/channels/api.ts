import type { ChannelSaveRequest } from "@brokerage/api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminPost } from "../lib/client";

const channelsKey = ["admin", "channels"] as const;

/** `channels/list`: every deposit channel, enabled or not. */
export function useChannelList() {
  return useQuery({ queryKey: channelsKey, queryFn: () => adminPost("channels/list") });
}

/** `channels/save`: a new channel (no id) or a change, with the reason kept in the audit log. */
export function useChannelSave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ChannelSaveRequest) => adminPost("channels/save", request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsKey }),
  });
}
