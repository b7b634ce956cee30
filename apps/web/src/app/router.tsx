import { Navigate, createHashRouter, type RouteObject } from "react-router";
import { AppShell } from "./shell/AppShell";
import { RouteError } from "./shell/RouteError";
import { PageLoading } from "../components/LoadingState";
import { APP_PATHS, LOGIN_SCREENS, isLoginPath, type ScreenModule, type ScreenTable } from "./routes";
import { withTimeout } from "./lazy";
import { isPublicPath, requireSession } from "./access";
import { textsForScreen } from "../lib/i18n";

/** The screen of `path` in `table`; every path has one (routes.test), so a missing one is an error. */
function screenIn(table: ScreenTable, path: string): Promise<ScreenModule> {
  const load = table[path];
  if (!load) throw new Error(`no screen for ${path}`);
  return load();
}

/** A screen's module: the log-in flow's from the first load's table, the others through `./screens`. */
function loadScreen(path: string): Promise<ScreenModule> {
  if (isLoginPath(path)) return screenIn(LOGIN_SCREENS, path);
  return import("./screens").then(({ APP_SCREENS }) => screenIn(APP_SCREENS, path));
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
