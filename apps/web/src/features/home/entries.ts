import type { IconName } from "../../components/icons";
import { KEFU } from "../../app/useGo";

/**
 * What the home screen offers, each with the target it leads to. Only the entries whose target is
 * reachable show (app/reachable: a built screen, or customer service: its configured link or the in-app
 * conversation), so a feature's tile appears with its screen.
 */

/** Shortcuts to the services of spec §1; each label is its screen's own title. */
export const QUICK_ENTRIES: { to: string; icon: IconName }[] = [
  { to: "/information/recharge", icon: "deposit" },
  { to: "/information/cashOut", icon: "withdraw" },
  { to: "/home/newStock", icon: "ipo" },
  { to: "/home/dayTrading", icon: "dayTrade" },
  { to: "/home/fllow", icon: "follow" },
  { to: "/home/loan", icon: "loan" },
  { to: "/home/loanJq", icon: "lending" },
  { to: "/home/blockTrade", icon: "trade" },
  { to: "/home/newStockPs", icon: "building" },
  { to: KEFU, icon: "kefu" },
];

/** The home tabs of spec §2, each with the screen its list belongs to. */
export const HOME_TABS = [
  { key: "inventory", to: "/trade/index" },
  { key: "ipo", to: "/home/newStock" },
  { key: "blockTrade", to: "/home/blockTrade" },
  { key: "follow", to: "/home/fllow" },
] as const;

export type HomeTab = (typeof HOME_TABS)[number]["key"];

const ROW_WIDTHS = [4, 3];

/**
 * Columns of the grid for `count` entries: one row up to four, then rows of four or three, full rows
 * first, and never one tile alone on the last row.
 */
export function quickEntryColumns(count: number): number {
  if (count <= 4) return count;
  return (
    ROW_WIDTHS.find((width) => count % width === 0) ??
    ROW_WIDTHS.find((width) => count % width !== 1) ??
    ROW_WIDTHS[0] ??
    4
  );
}
