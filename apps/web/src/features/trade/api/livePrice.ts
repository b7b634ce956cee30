import { useCallback, useSyncExternalStore } from "react";
import { marketFeed } from "../../market";

/**
 * The latest price of a symbol from the market screens' shared quote feed (socket, or polling while it
 * is down), watched while mounted; undefined until one arrives or when `watch` is false.
 */
export function useLivePrice(symbol: string, watch: boolean): string | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => (watch ? marketFeed.watch(symbol, onChange) : () => undefined),
    [symbol, watch],
  );
  return useSyncExternalStore(subscribe, () => (watch ? marketFeed.getPrice(symbol)?.close : undefined));
}
