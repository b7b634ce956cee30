import { Navigate, createHashRouter, type RouteObject } from "react-router";
import { AppShell } from "./shell/AppShell";
import { RouteError } from "./shell/RouteError";
import { PageLoading } from "../components/LoadingState";
import { APP_PATHS, LOGIN_SCREENS, isLoginPath, loadPlaceholder, type ScreenModule } from "./routes";
import { withTimeout } from "./lazy";
import { isPublicPath, requireSession } from "./access";
import { textsForScreen } from "../lib/i18n";

/** A screen's module: the log-in flow's from the first load's table, the others through `./screens`. */
function loadScreen(path: string): Promise<ScreenModule> {
  if (isLoginPath(path)) return (LOGIN_SCREENS[path] ?? loadPlaceholder)();
  return import("./screens").then(({ APP_SCREENS }) => (APP_SCREENS[path] ?? loadPlaceholder)());
}

export const routeObjects: RouteObject[] = [
  {
    path: "/",
    Component: AppShell,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      { index: true, element: <Navigate replace to="/login/start" /> },
      ...APP_PATHS.map((path) => ({
        path,
        loader: isPublicPath(path) ? undefined : requireSession(path),
        lazy: async () => {
          const [screen] = await Promise.all([
            withTimeout(loadScreen(path)),
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
