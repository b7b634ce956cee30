import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("./toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));

import { apiImage, apiPost } from "./api";
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
    const error = await apiPost("user/login", { account: "priya01", password: "wrong" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("WRONG_CREDENTIALS");
    expect(showError).toHaveBeenCalledWith("Account or password is wrong");
  });

  it("does not toast a silent call", async () => {
    vi.stubGlobal("fetch", async () =>
      json({ status: 0, msg: "x", code: "NOT_FOUND", params: {}, data: null }),
    );
    await expect(apiPost("user/getUserinfo", {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
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
    await expect(apiPost("user/getUserinfo")).rejects.toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledTimes(1);
    clearSession();
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    await expect(apiPost("user/getUserinfo")).rejects.toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("passes other HTTP errors on as rejections", async () => {
    vi.stubGlobal("fetch", async () => json({ status: 0, msg: "boom", requestId: "r1" }, 500));
    const error = await apiPost("user/getUserinfo").catch((e: unknown) => e);
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
    const pending = apiPost("user/getUserinfo").catch((e: unknown) => e);
    vi.advanceTimersByTime(10_000);
    const error = await pending;
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(0);
  });
});

describe("apiImage", () => {
  const jpeg = (bytes: number[]) =>
    new Response(new Uint8Array(bytes), { status: 200, headers: { "content-type": "image/jpeg" } });

  it("posts JSON with the session headers and resolves the image bytes as a data: URL", async () => {
    localStorage.setItem("tokend", "tok-1");
    localStorage.setItem("account", "alice");
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => jpeg([0xff, 0xd8, 0xff, 0xe0]));
    vi.stubGlobal("fetch", fetchMock);
    await expect(apiImage("fund/rechargeVoucher", { id: "d1" })).resolves.toBe(
      "data:image/jpeg;base64,/9j/4A==",
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/vue/fund/rechargeVoucher");
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"id":"d1"}');
    expect(init.headers).toMatchObject({ token: "tok-1", account: "alice" });
  });

  it("encodes an image larger than one slice of bytes whole", async () => {
    const bytes = Array.from({ length: 0x8000 * 2 + 3 }, (_, i) => i % 256);
    vi.stubGlobal("fetch", async () => jpeg(bytes));
    const url = await apiImage("fund/rechargeVoucher", { id: "d1" });
    const decoded = atob(url.slice("data:image/jpeg;base64,".length));
    expect(decoded.length).toBe(bytes.length);
    expect(decoded.charCodeAt(0x8000 * 2 + 2)).toBe((0x8000 * 2 + 2) % 256);
  });

  it("rejects the error envelope of a refused call as an ApiError, toasted unless silent", async () => {
    vi.stubGlobal("fetch", async () =>
      json({ status: 0, msg: "Not found", code: "NOT_FOUND", params: {}, data: null }),
    );
    const error = await apiImage("fund/rechargeVoucher", { id: "d1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("NOT_FOUND");
    expect(showError).toHaveBeenCalledWith("Not found");

    vi.mocked(showError).mockClear();
    await expect(apiImage("fund/rechargeVoucher", { id: "d1" }, { silent: true })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(showError).not.toHaveBeenCalled();
  });

  it("rejects a non-2xx answer, or a 2xx that is neither an image nor an error, as an HttpError", async () => {
    vi.stubGlobal("fetch", async () => json({ status: 0, msg: "boom", requestId: "r1" }, 500));
    const error = await apiImage("fund/rechargeVoucher", { id: "d1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 500, requestId: "r1" });

    vi.stubGlobal("fetch", async () => new Response("<html>", { headers: { "content-type": "text/html" } }));
    await expect(apiImage("fund/rechargeVoucher", { id: "d1" })).rejects.toMatchObject({
      name: "HttpError",
      status: 200,
    });
    expect(showError).not.toHaveBeenCalled();
  });

  it("ends the session on 401 like apiPost", async () => {
    const listener = vi.fn();
    const stop = onSessionEnded(listener);
    localStorage.setItem("tokend", "tok");
    vi.stubGlobal("fetch", async () =>
      json({ status: 0, msg: "", code: "UNAUTHORIZED", params: {}, data: null }, 401),
    );
    await expect(apiImage("fund/rechargeVoucher", { id: "d1" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect(localStorage.getItem("tokend")).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it("stops the request when the caller's signal aborts", async () => {
    let sent: AbortSignal | undefined;
    vi.stubGlobal(
      "fetch",
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          sent = init.signal ?? undefined;
          sent?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const caller = new AbortController();
    const pending = apiImage("fund/rechargeVoucher", { id: "d1" }, { signal: caller.signal }).catch(
      (e: unknown) => e,
    );
    caller.abort();
    const error = await pending;
    expect(sent?.aborted).toBe(true);
    expect(error).toBeInstanceOf(HttpError);
  });
});
