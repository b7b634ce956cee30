import type { AdminRole } from "@brokerage/api";

/**
 * The staff session lives in sessionStorage: it ends with the tab, is never shared with the phone app's
 * localStorage session, and a second tab logs in on its own (staff sessions are short and audited).
 */
const KEY = "brokerage.admin.session";

export interface StaffSessionState {
  token: string;
  account: string;
  role: AdminRole;
}

export function readSession(): StaffSessionState | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StaffSessionState>;
    if (typeof value.token !== "string" || typeof value.account !== "string") return null;
    return value as StaffSessionState;
  } catch {
    return null;
  }
}

export function saveSession(session: StaffSessionState): void {
  sessionStorage.setItem(KEY, JSON.stringify(session));
}

export function clearSession(): void {
  sessionStorage.removeItem(KEY);
}
