import { formatMoney } from "@brokerage/core";

export { formatMoney };

/** Money text (to `decimals`, two unless told), or the raw value when it is not a number (the server may send "—"). */
export function formatMoneySafe(value: string, decimals?: number): string {
  try {
    return formatMoney(value, decimals);
  } catch {
    return value;
  }
}
