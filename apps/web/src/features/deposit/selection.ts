/**
 * What the user chose on /information/recharge (currency, amount, channel), handed to
 * /information/rechargeChannel. Paths carry no parameters (spec §2): it travels as navigation state and
 * is kept in session storage too, so a reload of the channel page still knows it.
 */
export interface RechargeSelection {
  channelId: string;
  currency: string;
  amount: string;
}

const STORAGE_KEY = "recharge.selection";

const isSelection = (value: unknown): value is RechargeSelection =>
  typeof value === "object" &&
  value !== null &&
  ["channelId", "currency", "amount"].every(
    (key) => typeof (value as Record<string, unknown>)[key] === "string",
  );

export function saveSelection(selection: RechargeSelection): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(selection));
  } catch {
    // Private mode or a full store: the navigation state still carries it.
  }
}

/** The navigation state's selection, else the stored one; null when there is none. */
export function readSelection(state: unknown): RechargeSelection | null {
  if (isSelection(state)) return state;
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null");
    return isSelection(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Forgotten once the deposit is submitted: a reload then starts afresh. */
export function clearSelection(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
