import { useEffect, useSyncExternalStore } from "react";
import { hasSession, onSessionEnded, onSessionStarted } from "../../lib/storage";

const onSessionChange = (listener: () => void) => {
  const started = onSessionStarted(listener);
  const ended = onSessionEnded(listener);
  return () => {
    started();
    ended();
  };
};

/**
 * Holds the quote feed's socket open while the user is signed in: a fired price alert or a margin call is
 * told on whatever screen is open, not only on one that shows prices. The feed (the market feature) loads
 * after the first screen, as its own chunk, so the first load stays as lean as it was.
 */
export function useAccountEvents(): void {
  const signedIn = useSyncExternalStore(onSessionChange, hasSession);
  useEffect(() => {
    if (!signedIn) return;
    let release: (() => void) | undefined;
    let ended = false;
    void import("../../features/market").then(({ marketFeed }) => {
      if (!ended) release = marketFeed.hold();
    });
    return () => {
      ended = true;
      release?.();
    };
  }, [signedIn]);
}
