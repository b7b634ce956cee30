import { createBrowserRouter, createMemoryRouter, Navigate, type RouteObject } from "react-router";
import { LoginScreen } from "../auth/LoginScreen";
import { RequireStaff } from "../auth/RequireStaff";
import { SecurityScreen } from "../auth/SecurityScreen";
import { AuditScreen } from "../audit/AuditScreen";
import { AdminLayout } from "../layout/AdminLayout";
import { HomeRedirect, NotFoundScreen, Permitted } from "../layout/Permitted";
import { ReviewsScreen } from "../reviews/ReviewsScreen";
import { StaffScreen } from "../staff/StaffScreen";
import { UserDetailScreen } from "../users/UserDetailScreen";
import { UsersScreen } from "../users/UsersScreen";

/** The back office's pages: real paths under /admin/ (the server answers any of them with the app). */
export const ADMIN_ROUTES: RouteObject[] = [
  { path: "/login", element: <LoginScreen /> },
  {
    element: <RequireStaff />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          { index: true, element: <HomeRedirect /> },
          {
            path: "reviews",
            element: (
              <Permitted permission="reviews.read">
                <ReviewsScreen />
              </Permitted>
            ),
          },
          {
            path: "users",
            element: (
              <Permitted permission="users.read">
                <UsersScreen />
              </Permitted>
            ),
          },
          {
            path: "users/:userId",
            element: (
              <Permitted permission="users.read">
                <UserDetailScreen />
              </Permitted>
            ),
          },
          {
            path: "staff",
            element: (
              <Permitted permission="staff.manage">
                <StaffScreen />
              </Permitted>
            ),
          },
          {
            path: "audit",
            element: (
              <Permitted permission="audit.read">
                <AuditScreen />
              </Permitted>
            ),
          },
          { path: "security", element: <SecurityScreen /> },
          { path: "*", element: <NotFoundScreen /> },
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
