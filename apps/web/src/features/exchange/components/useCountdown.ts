import { useEffect, useState } from "react";

/**
 * Whole seconds left until `deadline` (local epoch ms), ticking four times a second; 0 once it has
 * passed. `since` is when the countdown began (no tick may have happened since then yet).
 */
export function useCountdown(deadline: number | undefined, since = 0): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === undefined) return;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) window.clearInterval(timer);
    };
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 250);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [deadline]);
  return deadline === undefined ? 0 : Math.max(0, Math.ceil((deadline - Math.max(now, since)) / 1000));
}
