import { Navigate, createHashRouter, type RouteObject } from "react-router";
import { AppShell } from "./shell/AppShell";
import { RouteError } from "./shell/RouteError";
import { PageLoading } from "../components/LoadingState";
import { SCREENS, SPEC_PATHS, loadPlaceholder } from "./routes";
import { withTimeout } from "./lazy";
import { isPublicPath, requireSession } from "./access";
import { textsForScreen } from "../lib/i18n";

export const routeObjects: RouteObject[] = [
  {
    path: "/",
    Component: AppShell,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      { index: true, element: <Navigate replace to="/login/start" /> },
      ...SPEC_PATHS.map((path) => ({
        path,
        loader: isPublicPath(path) ? undefined : requireSession(path),
        lazy: async () => {
          const [screen] = await Promise.all([
            withTimeout((SCREENS[path] ?? loadPlaceholder)()),
            withTimeout(textsForScreen(path)),
          ]);
          return { Component: screen.default };
        },
      })),
      { path: "*", element: <Navigate replace to="/login/start" /> },
    ],
  },
];

export const createAppRouter = () => createHashRouter(routeObjects);
