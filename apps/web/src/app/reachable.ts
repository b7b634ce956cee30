import { useCallback } from "react";
import { LOGIN_SCREENS } from "./routes";
import { APP_SCREENS } from "./screens";
import { KEFU } from "./useGo";

/**
 * Whether a path has its screen: the route tables (LOGIN_SCREENS, APP_SCREENS) are the one list of built
 * screens; any other path of the app renders the placeholder, and no entry may lead there.
 */
export function isBuilt(target: string): boolean {
  const path = target.split("?")[0] ?? target;
  return Object.hasOwn(APP_SCREENS, path) || Object.hasOwn(LOGIN_SCREENS, path);
}

/**
 * Whether a `useGo` target leads somewhere: a built screen, or "kefu" (the configured link, or else the
 * in-app conversation with support staff).
 */
export function useReachable(): (target: string) => boolean {
  return useCallback((target: string) => target === KEFU || isBuilt(target), []);
}
