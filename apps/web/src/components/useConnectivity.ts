import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { HttpError } from "../lib/apiError";

/** Answers whenever the server is up; asked only to tell "no connection" from a failing call. */
export const HEALTH_URL = "/api/health";
const PROBE_TIMEOUT_MS = 5_000;
/** While the server cannot be reached but the device says it is online, look again this often. */
export const RECONNECT_POLL_MS = 10_000;

/** fetch() rejects with a TypeError when no answer came at all; the API client turns a timeout into 0. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof HttpError && error.status === 0);
}

/** Whether the server answers at all (any status): a thrown fetch is no connection. */
export async function serverReachable(): Promise<boolean> {
  try {
    await fetch(HEALTH_URL, { cache: "no-store", signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return true;
  } catch {
    return false;
  }
}

/** Loads again what failed while offline; mutations are never replayed (they may move money). */
function refetchFailed(client: QueryClient): void {
  void client.refetchQueries({ type: "active", predicate: (query) => query.state.status === "error" });
}

export interface Connectivity {
  offline: boolean;
  checking: boolean;
  retry: () => void;
}

/**
 * Offline is the browser saying so (navigator.onLine, `offline`), or an API call failing without any
 * answer while a probe of the server fails too (the device is online but the server is out of reach).
 * It ends by itself on `online`, on any successful call, or when the periodic probe gets through.
 */
export function useConnectivity(): Connectivity {
  const client = useQueryClient();
  const [browserOffline, setBrowserOffline] = useState(() => !navigator.onLine);
  const [unreachable, setUnreachable] = useState(false);
  const [checking, setChecking] = useState(false);
  const probing = useRef<Promise<boolean> | null>(null);

  /** One probe at a time; on success, everything that failed loads again. */
  const check = useCallback(async () => {
    if (!probing.current)
      probing.current = serverReachable().finally(() => {
        probing.current = null;
      });
    const reachable = await probing.current;
    setUnreachable(!reachable);
    if (reachable) {
      setBrowserOffline(false);
      refetchFailed(client);
    }
    return reachable;
  }, [client]);

  useEffect(() => {
    const goOffline = () => setBrowserOffline(true);
    const goOnline = () => {
      setBrowserOffline(false);
      void check();
    };
    window.addEventListener("offline", goOffline);
    window.addEventListener("online", goOnline);
    const onFailure = (error: unknown) => {
      if (isNetworkFailure(error)) void check();
    };
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type !== "updated") return;
      if (event.action.type === "error") onFailure(event.action.error);
      else if (event.action.type === "success") setUnreachable(false);
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onFailure(event.action.error);
    });
    return () => {
      window.removeEventListener("offline", goOffline);
      window.removeEventListener("online", goOnline);
      stopQueries();
      stopMutations();
    };
  }, [client, check]);

  useEffect(() => {
    if (!unreachable || browserOffline) return;
    const timer = setInterval(() => void check(), RECONNECT_POLL_MS);
    return () => clearInterval(timer);
  }, [unreachable, browserOffline, check]);

  const retry = useCallback(() => {
    setChecking(true);
    void check().finally(() => setChecking(false));
  }, [check]);

  return { offline: browserOffline || unreachable, checking, retry };
}
