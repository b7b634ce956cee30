import { useEffect, useState } from "react";
import type { IpoOffering, IpoStatus } from "@brokerage/api";

/** The longest delay a timer takes (2^31 − 1 ms, about 24.8 days); a later moment is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** The next change of status the clock alone makes: an upcoming offering opens, an open one closes. */
function nextChange(offering: Pick<IpoOffering, "opensAt" | "closesAt">, status: IpoStatus) {
  if (status === "upcoming") return { at: Date.parse(offering.opensAt), to: "open" as const };
  if (status === "open") return { at: Date.parse(offering.closesAt), to: "closed" as const };
  return null;
}

/**
 * The offering's status as time passes on the screen: an upcoming offering becomes open at its opening
 * moment, and an open one closed at its deadline, each by a timer to that moment (the screen needs no
 * reload); `onChange` is then told, to read the offering again from the server. A moment this device's clock
 * had already passed when the offering was read changes nothing: the server's status stands.
 */
export function useStatusNow(
  offering: Pick<IpoOffering, "status" | "opensAt" | "closesAt">,
  onChange?: () => void,
): IpoStatus {
  const key = `${offering.status}|${offering.opensAt}|${offering.closesAt}`;
  const [moved, setMoved] = useState<{ key: string; status: IpoStatus } | null>(null);
  const [step, setStep] = useState(0);
  const status = moved?.key === key ? moved.status : offering.status;

  useEffect(() => {
    const next = nextChange(offering, status);
    if (next === null) return;
    const wait = next.at - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(
      () => {
        if (Date.now() < next.at) return setStep((n) => n + 1);
        setMoved({ key, status: next.to });
        onChange?.();
      },
      Math.min(Math.max(wait, 0), LONGEST_TIMER_MS),
    );
    return () => clearTimeout(timer);
    // `offering` is read through `key`; `onChange` may be a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, status, step]);

  return status;
}
