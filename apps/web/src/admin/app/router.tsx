import type { Permission } from "@brokerage/api";
import type { ComponentType } from "react";
import { createBrowserRouter, createMemoryRouter, Navigate, type RouteObject } from "react-router";
import { LoginScreen } from "../auth/LoginScreen";
import { PageLoading } from "./PageLoading";

/**
 * Every page but log-in is a chunk of its own, fetched by the router (`lazy`) when its path is first
 * matched: the first load (index.html and what it preloads) is the log-in page and nothing of the
 * pages behind it, and a page loads none of the others. The chunks of every matched level (session
 * check, frame, page) are fetched together, a spinner showing meanwhile on the first load; on a later
 * navigation the current page stays until the next one's chunk is in.
 */
function permitted(permission: Permission, load: () => Promise<ComponentType>): RouteObject["lazy"] {
  return async () => {
    const [{ Permitted }, Screen] = await Promise.all([import("../layout/Permitted"), load()]);
    return {
      element: (
        <Permitted permission={permission}>
          <Screen />
        </Permitted>
      ),
    };
  };
}

/** The back office's pages: real paths under /admin/ (the server answers any of them with the app). */
export const ADMIN_ROUTES: RouteObject[] = [
  { path: "/login", element: <LoginScreen /> },
  {
    hydrateFallbackElement: <PageLoading />,
    lazy: async () => ({ Component: (await import("../auth/RequireStaff")).RequireStaff }),
    children: [
      {
        lazy: async () => ({ Component: (await import("../layout/AdminLayout")).AdminLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import("../layout/Permitted")).HomeRedirect }),
          },
          {
            path: "reviews",
            lazy: permitted(
              "reviews.read",
              async () => (await import("../reviews/ReviewsScreen")).ReviewsScreen,
            ),
          },
          {
            path: "users",
            lazy: permitted("users.read", async () => (await import("../users/UsersScreen")).UsersScreen),
          },
          {
            path: "users/:userId",
            lazy: permitted(
              "users.read",
              async () => (await import("../users/UserDetailScreen")).UserDetailScreen,
            ),
          },
          {
            path: "staff",
            lazy: permitted("staff.manage", async () => (await import("../staff/StaffScreen")).StaffScreen),
          },
          {
            path: "audit",
            lazy: permitted("audit.read", async () => (await import("../audit/AuditScreen")).AuditScreen),
          },
          {
            path: "proofs",
            lazy: permitted("ledger.read", async () => (await import("../proofs/ProofsScreen")).ProofsScreen),
          },
          {
            path: "config",
            lazy: permitted(
              "config.manage",
              async () => (await import("../config/ConfigScreen")).ConfigScreen,
            ),
          },
          {
            path: "channels",
            lazy: permitted(
              "channels.manage",
              async () => (await import("../channels/ChannelsScreen")).ChannelsScreen,
            ),
          },
          {
            path: "blockTrades",
            lazy: permitted(
              "blockTrades.manage",
              async () => (await import("../block-trades/BlockTradesScreen")).BlockTradesScreen,
            ),
          },
          {
            path: "placements",
            lazy: permitted(
              "placements.manage",
              async () => (await import("../placements/PlacementsScreen")).PlacementsScreen,
            ),
          },
          {
            path: "follow",
            lazy: permitted(
              "follow.manage",
              async () => (await import("../follow/FollowScreen")).FollowScreen,
            ),
          },
          {
            path: "ipos",
            lazy: permitted("ipos.manage", async () => (await import("../ipos/IposScreen")).IposScreen),
          },
          {
            path: "news",
            lazy: permitted("news.manage", async () => (await import("../news/NewsScreen")).NewsScreen),
          },
          {
            path: "support",
            lazy: permitted(
              "support.handle",
              async () => (await import("../support/SupportScreen")).SupportScreen,
            ),
          },
          {
            path: "security",
            lazy: async () => ({ Component: (await import("../auth/SecurityScreen")).SecurityScreen }),
          },
          {
            path: "*",
            lazy: async () => ({ Component: (await import("../layout/Permitted")).NotFoundScreen }),
          },
        ],
      },
    ],
  },
  { path: "*", element: <Navigate to="/" replace /> },
];

export const adminRouter = () => createBrowserRouter(ADMIN_ROUTES, { basename: "/admin" });
export const adminMemoryRouter = (path: string) =>
  createMemoryRouter(ADMIN_ROUTES, { initialEntries: [path] });
export type AdminRouter = ReturnType<typeof adminRouter>;
