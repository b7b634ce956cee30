import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("./toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));

import { apiPost } from "./api";
import { clearSession, onSessionEnded } from "./storage";
import { ApiError, HttpError } from "./apiError";
import { setNavigator } from "./navigation";
import { showError } from "./toast";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  localStorage.clear();
  vi.mocked(showError).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("apiPost", () => {
  it("posts JSON with the session headers and resolves data on status 1", async () => {
    localStorage.setItem("tokend", "tok-1");
    localStorage.setItem("account", "alice");
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      json({ status: 1, msg: "ok", data: { a: 1 } }),
    );
    vi.stubGlobal("fetch", fetchMock);
    await expect(apiPost("user/getUserinfo", { x: 1 })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/vue/user/getUserinfo");
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"x":1}');
    expect(init.headers).toMatchObject({ token: "tok-1", account: "alice" });
  });

  it("rejects a business error with its code and toasts the translated message for 2000 ms", async () => {
    vi.stubGlobal("fetch", async () =>
      json({
        status: 0,
        msg: "Account or password is wrong",
        code: "WRONG_CREDENTIALS",
        params: {},
        data: null,
      }),
    );
    const error = await apiPost("user/login").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("WRONG_CREDENTIALS");
    expect(showError).toHaveBeenCalledWith("Account or password is wrong");
  });

  it("does not toast a silent call", async () => {
    vi.stubGlobal("fetch", async () =>
      json({ status: 0, msg: "x", code: "NOT_FOUND", params: {}, data: null }),
    );
    await expect(apiPost("a/b", {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(showError).not.toHaveBeenCalled();
  });

  it("on 401 clears storage (keeping the language) and goes to log-in after 2 s", async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    setNavigator(navigate);
    localStorage.setItem("tokend", "tok");
    localStorage.setItem("lang", "ko");
    localStorage.setItem("stock", "{}");
    vi.stubGlobal("fetch", async () =>
      json({ status: 0, msg: "", code: "UNAUTHORIZED", params: {}, data: null }, 401),
    );
    await expect(apiPost("user/getUserinfo")).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem("tokend")).toBeNull();
    expect(localStorage.getItem("stock")).toBeNull();
    expect(localStorage.getItem("lang")).toBe("ko");
    vi.advanceTimersByTime(1999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith("/login/login");
  });

  it("leaves a 401 to the caller that asks to (log-out with an expired token)", async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    setNavigator(navigate);
    const listener = vi.fn();
    const stop = onSessionEnded(listener);
    localStorage.setItem("tokend", "expired");
    vi.stubGlobal("fetch", async () =>
      json({ status: 0, msg: "", code: "UNAUTHORIZED", params: {}, data: null }, 401),
    );
    const call = apiPost("user/logout", {}, { silent: true, ignoreUnauthorized: true });
    await expect(call).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    vi.advanceTimersByTime(5_000);
    expect(navigate).not.toHaveBeenCalled();
    expect(showError).not.toHaveBeenCalled();
    expect(listener).not.toHaveBeenCalled();
    expect(localStorage.getItem("tokend")).toBe("expired");
    stop();
  });

  it("tells the session-ended listeners of every 401, and of a log-out", async () => {
    const listener = vi.fn();
    const stop = onSessionEnded(listener);
    vi.stubGlobal("fetch", async () =>
      json({ status: 0, msg: "", code: "UNAUTHORIZED", params: {}, data: null }, 401),
    );
    await expect(apiPost("a/b")).rejects.toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledTimes(1);
    clearSession();
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    await expect(apiPost("a/b")).rejects.toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("passes other HTTP errors on as rejections", async () => {
    vi.stubGlobal("fetch", async () => json({ status: 0, msg: "boom", requestId: "r1" }, 500));
    const error = await apiPost("a/b").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(500);
    expect(showError).not.toHaveBeenCalled();
  });

  it("times out after 10 s", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      "fetch",
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        ),
    );
    const pending = apiPost("a/b").catch((e: unknown) => e);
    vi.advanceTimersByTime(10_000);
    const error = await pending;
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(0);
  });
});
