import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../../lib/navigation", () => ({ navigateTo: vi.fn() }));

import "../../../lib/i18n";
import { ApiError, HttpError } from "../../../lib/apiError";
import { showError } from "../../../lib/toast";
import { postMultipart } from "./upload";

/** Just enough of XMLHttpRequest to drive the upload from the test. */
class FakeXhr {
  static last: FakeXhr;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = "";
  timeout = 0;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe("postMultipart", () => {
  beforeEach(() => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    localStorage.setItem("tokend", "t1");
    localStorage.setItem("account", "u1");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    localStorage.clear();
  });

  it("sends the form with the session headers, reports progress and resolves the data", async () => {
    const form = new FormData();
    const progress = vi.fn();
    const answer = postMultipart("kyc/submit", form, progress);
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(["POST", "/api/vue/kyc/submit", form]);
    expect(xhr.headers).toEqual({ token: "t1", account: "u1" });
    expect(xhr.headers["content-type"]).toBeUndefined(); // the browser writes the multipart boundary
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 } as ProgressEvent);
    expect(progress).toHaveBeenLastCalledWith(0.25);
    xhr.answer(200, { status: 1, msg: "ok", data: { state: "under_review" } });
    await expect(answer).resolves.toEqual({ state: "under_review" });
    expect(progress).toHaveBeenLastCalledWith(1);
  });

  it("rejects a business error as an ApiError with its code and params, without a toast", async () => {
    const answer = postMultipart("kyc/submit", new FormData(), () => undefined);
    FakeXhr.last.answer(200, {
      status: 0,
      msg: "The photo is larger than 8 MB",
      code: "IMAGE_TOO_LARGE",
      params: { field: "front", maxMb: "8" },
      data: null,
    });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "IMAGE_TOO_LARGE", params: { field: "front", maxMb: "8" } });
    expect(showError).not.toHaveBeenCalled();
  });

  it("ends the session on 401 and fails on a transport error", async () => {
    const refused = postMultipart("kyc/submit", new FormData(), () => undefined);
    FakeXhr.last.answer(401, { status: 0, code: "UNAUTHORIZED", params: {}, msg: "", data: null });
    await expect(refused).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(localStorage.getItem("tokend")).toBeNull();
    expect(showError).toHaveBeenCalledWith("Please log in again");

    const failed = postMultipart("kyc/submit", new FormData(), () => undefined);
    FakeXhr.last.answer(500, { status: 0, code: "INTERNAL", requestId: "r1" });
    await expect(failed).rejects.toBeInstanceOf(HttpError);
    const lost = postMultipart("kyc/submit", new FormData(), () => undefined);
    FakeXhr.last.onerror?.();
    await expect(lost).rejects.toBeInstanceOf(HttpError);
  });
});
