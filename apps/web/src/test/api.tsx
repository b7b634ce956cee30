import { afterEach, beforeEach, vi } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import type { ConfigEntry, UserAnswer, UserJsonPath, UserRequest } from "@brokerage/api";
import { apiPost } from "../lib/api";

/*
 * Component tests of the phone app against a mocked API client (imported by tests only). The test file
 * itself mocks the module, as vi.mock is hoisted per file:
 *   vi.mock("../../lib/api", async (importOriginal) => ({ ...(await importOriginal<object>()), apiPost: vi.fn() }));
 */

/** What a test serves for each path of the endpoint table: its answer, or a function of the body giving it. */
export type Served = {
  [P in UserJsonPath]?: UserAnswer<P> | ((body: UserRequest<P>) => UserAnswer<P> | Promise<UserAnswer<P>>);
};

/**
 * Answers each API path with a fixed value, a function of the body, or a thrown error; `common/config`
 * with `config` (none by default: no customer-service link, the default languages).
 */
export function serve(answers: Served, config: ConfigEntry[] = []) {
  vi.mocked(apiPost).mockImplementation(async (path: string, body?: object) => {
    if (path === "common/config") return config as never;
    if (!(path in answers)) throw new Error(`unexpected ${path}`);
    const answer = answers[path as UserJsonPath];
    return (typeof answer === "function" ? (answer as (b?: object) => unknown)(body) : answer) as never;
  });
}

/** The calls made to `path`, each as [path, body]. */
export const calls = (path: UserJsonPath) => vi.mocked(apiPost).mock.calls.filter(([p]) => p === path);

/** Each test signed in as `account`; after it, the page, the API's answers and the storage are cleared. */
export function signedInTests(account = "priya01") {
  beforeEach(() => {
    localStorage.setItem("tokend", "t1");
    localStorage.setItem("account", account);
  });
  afterEach(() => {
    cleanup();
    vi.mocked(apiPost).mockReset();
    localStorage.clear();
  });
}

/** Renders `node` as the app does: a fresh query client (no retries) under a router at `path`. */
export function renderAt(node: ReactNode, path = "/") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Where a navigation went, with its query string: any path but the screen's own shows it (testid "where"). */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** `node` as the route of `path` (its query string aside); a navigation elsewhere renders <Where>. */
export const renderRoute = (node: ReactNode, path: string) =>
  renderAt(
    <Routes>
      <Route path={path.split("?")[0]} element={node} />
      <Route path="*" element={<Where />} />
    </Routes>,
    path,
  );
