import type {
  AdminAnswer,
  AdminJsonPath,
  AdminPath,
  AdminRequest,
  ConfigItem,
  ReviewItem,
  StaffMe,
  UserDetail,
} from "@brokerage/api";
import { ROLE_PERMISSIONS, SETTING_DEFAULTS, SETTING_KEYS, type AdminRole } from "@brokerage/api";
import { cleanup, configure, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { AdminApp } from "../app/AdminApp";
import { adminMemoryRouter } from "../app/router";
import { saveSession } from "../lib/session";

/** jsdom lacks what antd's responsive parts (Layout.Sider breakpoints, Grid, Table) ask the window for. */
if (!window.matchMedia)
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;

if (!("ResizeObserver" in window))
  Object.assign(window, {
    ResizeObserver: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });

// antd renders a lot of DOM in jsdom; on a busy machine a screen can take more than the default second.
configure({ asyncUtilTimeout: 5000 });

/** A stubbed answer: the envelope (`ok`, `fail`), an HTTP status or bytes. */
export type Answered<Data> =
  { status: 1; msg: string; data: Data } | ReturnType<typeof fail> | HttpStatus | Bytes;

export type Handler<P extends AdminPath = AdminPath> = (
  body: AdminRequest<P>,
  headers: Record<string, string>,
) => Answered<P extends AdminJsonPath ? AdminAnswer<P> : never>;

/** One handler per path of the endpoint table, answering what the table says the path answers. */
export type Handlers = { [P in AdminPath]?: Handler<P> };

export interface Call {
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** A JSON envelope answer; `fail(code)` gives a business error, `status(401)` an HTTP status. */
export const ok = <Data,>(data: Data) => ({ status: 1 as const, msg: "", data });
export const fail = (code: string, params: Record<string, string> = {}) => ({
  status: 0,
  msg: code,
  code,
  params,
  data: null,
});
export class HttpStatus {
  constructor(readonly status: number) {}
}
/** Bytes answered with their content type (a KYC photo). */
export class Bytes {
  constructor(
    readonly type: string,
    readonly text: string,
  ) {}
}

/**
 * fetch, stubbed with one handler per back-office path ("auth/me"); every call is recorded. A handler
 * returns the envelope, an `HttpStatus`, or `Bytes`.
 */
export function mockAdminApi(handlers: Handlers): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = String(input).replace(/^\/api\/admin\//, "");
      const body = JSON.parse(String(init.body ?? "{}")) as Record<string, unknown>;
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ path, body, headers });
      const handler = handlers[path as AdminPath] as Handler | undefined;
      if (!handler) return new Response(JSON.stringify(fail("NOT_FOUND")), { status: 404 });
      const answer = handler(body as AdminRequest<AdminPath>, headers);
      if (answer instanceof HttpStatus) return new Response("{}", { status: answer.status });
      if (answer instanceof Bytes)
        return new Response(new TextEncoder().encode(answer.text), {
          headers: { "content-type": answer.type },
        });
      return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

export function meOf(role: AdminRole, overrides: Partial<StaffMe> = {}): StaffMe {
  return {
    id: "00000000-0000-4000-8000-00000000000a",
    account: `${role}1`,
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    totpEnabled: true,
    totpRequired: false,
    ...overrides,
  };
}

/** Logs in as `role` (a session in sessionStorage) without going through the log-in page. */
export function signIn(role: AdminRole): void {
  saveSession({ token: "staff-token", account: `${role}1`, role });
}

/** Each test of the file starts signed out, on a clean page, with the real fetch. */
export function isolateTests(): void {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** Whether `path` was called, and the body of its first call. */
export const calledPath = (calls: Call[], path: string) => calls.some((c) => c.path === path);
export const sentTo = (calls: Call[], path: string) => calls.find((c) => c.path === path)?.body;

/** Clicks the button named `name` (once the page has loaded) and waits for the drawer or modal it opens. */
export async function openDialog(name: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole("button", { name }, { timeout: 15_000 }));
  return screen.findByRole("dialog");
}

/** Signed in as `role` (auth/me answered), the back office at `path` with `handlers`; the calls made. */
export function asStaff(role: AdminRole, path: string, handlers: Handlers = {}): Call[] {
  signIn(role);
  const calls = mockAdminApi({ "auth/me": () => ok(meOf(role)), ...handlers });
  renderAdmin(path);
  return calls;
}

/** A reviewer at `path`: told the page is not for their role, and not offered `menuLabel` in the menu. */
export async function expectRefusedToReviewer(path: string, menuLabel: string): Promise<void> {
  asStaff("reviewer", path);
  expect(await screen.findByText("Not available to your role", {}, { timeout: 15_000 })).toBeTruthy();
  expect(screen.getAllByRole("menuitem").map((m) => m.textContent)).not.toContain(menuLabel);
}

/** A pending request of priya01 in the review queue, approved by nobody yet. */
export const pendingReviewOf = (kind: ReviewItem["kind"], subject: ReviewItem["subject"]): ReviewItem => ({
  id: "66666666-6666-4666-8666-666666666666",
  kind,
  state: "pending",
  userId: "77777777-7777-4777-8777-777777777777",
  account: "priya01",
  createdAt: "2026-11-23T08:00:00.000Z",
  decidedAt: null,
  reason: null,
  approvals: [],
  approvalsNeeded: 1,
  subject,
});

/** A reviewer opens `item` from its tab of the review queue: the drawer and the calls made. */
export async function openReview(item: ReviewItem, tab: RegExp, handlers: Handlers = {}) {
  const calls = asStaff("reviewer", "/reviews", {
    "reviews/summary": () => ok({ kinds: [{ kind: item.kind, pending: 1 }] }),
    "reviews/list": () => ok({ items: [item], nextCursor: null }),
    ...handlers,
  });
  fireEvent.click(await screen.findByRole("tab", { name: tab }, { timeout: 15_000 }));
  const drawer = await openDialog(`Open the request of ${item.account}`);
  return { drawer, calls };
}

export function renderAdmin(path: string) {
  const router = adminMemoryRouter(path);
  return { router, ...render(<AdminApp router={router} />) };
}

/** A user's detail page with nothing but a verified profile (sections that fetch on their own fill in). */
export function userDetailOf(id: string, account = "asha_k"): UserDetail {
  const at = "2026-11-01T09:00:00.000Z";
  return {
    profile: {
      id,
      account,
      realname: "Asha Kumar",
      inviteCode: "ABC123",
      kycStatus: "verified",
      creditScore: 100,
      flags: {
        frozen: false,
        loginBanned: false,
        disabled: false,
        tradeBanned: false,
        withdrawBanned: false,
      },
      createdAt: at,
      inviterAccount: null,
      institutionName: null,
      fundPasswordSet: true,
      twoStepEnabled: false,
      updatedAt: at,
    },
    kyc: { status: "verified", latest: null, submissions: 0 },
    cards: [],
    wallets: [],
    sessions: { active: 0, items: [] },
    audit: [],
    messages: [],
  };
}

/** `config/list` with every key at its default, none overridden. */
export const defaultConfigItems = (): ConfigItem[] =>
  SETTING_KEYS.map((key) => ({
    key,
    value: SETTING_DEFAULTS[key],
    default: SETTING_DEFAULTS[key],
    overridden: false,
    updatedAt: null,
    updatedBy: null,
    pendingChange: null,
  }));
