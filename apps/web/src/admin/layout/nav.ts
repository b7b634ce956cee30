import type { Permission } from "@brokerage/api";

interface NavItem {
  path: string;
  labelKey: string;
  permission?: Permission;
}

/** The side menu: each entry is shown only to a role with its permission (none: every staff member). */
const ITEMS = [
  { path: "/reviews", labelKey: "nav.reviews", permission: "reviews.read" },
  { path: "/users", labelKey: "nav.users", permission: "users.read" },
  { path: "/staff", labelKey: "nav.staff", permission: "staff.manage" },
  { path: "/audit", labelKey: "nav.audit", permission: "audit.read" },
  { path: "/proofs", labelKey: "nav.proofs", permission: "ledger.read" },
  { path: "/config", labelKey: "nav.config", permission: "config.manage" },
  { path: "/channels", labelKey: "nav.channels", permission: "channels.manage" },
  { path: "/blockTrades", labelKey: "nav.blockTrades", permission: "blockTrades.manage" },
  { path: "/placements", labelKey: "nav.placements", permission: "placements.manage" },
  { path: "/follow", labelKey: "nav.follow", permission: "follow.manage" },
  { path: "/ipos", labelKey: "nav.ipos", permission: "ipos.manage" },
  { path: "/news", labelKey: "nav.news", permission: "news.manage" },
  { path: "/support", labelKey: "nav.support", permission: "support.handle" },
  { path: "/security", labelKey: "nav.security" },
] as const satisfies readonly NavItem[];

/** A side-menu page's path: each has its icon (AdminLayout's table, complete by type). */
export type NavPath = (typeof ITEMS)[number]["path"];

export const NAV_ITEMS: readonly (NavItem & { path: NavPath })[] = ITEMS;

export const visibleNav = (can: (p: Permission) => boolean) =>
  NAV_ITEMS.filter((item) => !item.permission || can(item.permission));
