import type { Permission, StaffMe } from "@brokerage/api";
import { useQuery } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import { adminPost } from "../lib/client";

export const meQueryKey = ["admin", "me"] as const;

/** The logged-in staff member (auth/me): account, role and the permissions the role has. */
export function useMeQuery(enabled: boolean) {
  return useQuery({ queryKey: meQueryKey, queryFn: () => adminPost("auth/me"), enabled });
}

export interface StaffContextValue {
  me: StaffMe;
  /** What the registry gives this role (the server sends it with auth/me and refuses the rest anyway). */
  can: (permission: Permission) => boolean;
  logout: () => Promise<void>;
}

export const StaffContext = createContext<StaffContextValue | null>(null);

export function useStaff(): StaffContextValue {
  const value = useContext(StaffContext);
  if (!value) throw new Error("useStaff outside RequireStaff");
  return value;
}
