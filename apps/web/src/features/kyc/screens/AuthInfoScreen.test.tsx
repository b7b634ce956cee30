import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import type { KycStatusResponse } from "@brokerage/api";
import type * as ApiModule from "../../../lib/api";

vi.mock("../../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<typeof ApiModule>()),
  apiPost: vi.fn(),
}));
vi.mock("../api/upload", () => ({ postMultipart: vi.fn() }));
vi.mock("../components/confirm", () => ({ confirmSubmission: vi.fn() }));

import "../../../lib/i18n";
import { apiPost } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { formatDateTime } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { postMultipart } from "../api/upload";
import { confirmSubmission } from "../components/confirm";
import AuthInfoScreen from "./AuthInfoScreen";

const notVerified: KycStatusResponse = {
  state: "not_verified",
  realName: null,
  idNumber: null,
  reason: null,
  submittedAt: null,
  decidedAt: null,
};
const underReview: KycStatusResponse = {
  state: "under_review",
  realName: "Asha Verma",
  idNumber: "ABCDE1***F",
  reason: null,
  submittedAt: "2026-03-02T08:15:30.000Z",
  decidedAt: null,
};
const failed: KycStatusResponse = {
  ...underReview,
  state: "failed",
  reason: "The photo of the back is blurred",
  decidedAt: "2026-03-02T10:00:00.000Z",
};
const verified: KycStatusResponse = { ...failed, state: "verified", reason: null };

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderScreen(status: KycStatusResponse | Error) {
  vi.mocked(apiPost).mockImplementation((path: string) =>
    path === "kyc/status"
      ? status instanceof Error
        ? Promise.reject(status)
        : Promise.resolve(status)
      : Promise.reject(new Error(`unexpected ${path}`)),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AuthInfoScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const jpeg = (name = "front.jpg", size = 2048) =>
  new File([new Uint8Array(size)], name, { type: "image/jpeg" });
const pick = (label: string, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
const FRONT = "Front of ID: take or choose a photo";
const BACK = "Back of ID: take or choose a photo";

async function fillForm() {
  await screen.findByRole("heading", { name: "Real-name verification" });
  fireEvent.change(await screen.findByLabelText("Real name"), { target: { value: "Asha Verma" } });
  fireEvent.change(screen.getByLabelText("ID number"), { target: { value: "ABCDE1234F" } });
  pick(FRONT, jpeg());
  pick(BACK, jpeg("back.png"));
  await screen.findByRole("img", { name: "Back of ID, preview" });
}

describe("the real-name verification screen", () => {
  beforeEach(() => {
    localStorage.setItem("tokend", "t1");
    localStorage.setItem("account", "u1");
    vi.mocked(confirmSubmission).mockResolvedValue(true);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    localStorage.clear();
  });

  it("shows the form with named controls when not verified", async () => {
    renderScreen(notVerified);
    expect(await screen.findByLabelText("Real name")).toBeTruthy();
    expect(screen.getByLabelText("ID number")).toBeTruthy();
    for (const label of [FRONT, BACK]) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.type).toBe("file");
      expect(input.accept).toBe("image/jpeg,image/png,image/webp");
      expect(input.getAttribute("capture")).toBe("environment");
    }
    expect(screen.getByRole("group", { name: "ID photos" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Submit for review" })).toBeTruthy();
    screen.getByText("JPEG, PNG or WebP, up to 8 MB each.");
  });

  it("checks the form before sending anything, in the user's language", async () => {
    renderScreen(notVerified);
    fireEvent.click(await screen.findByRole("button", { name: "Submit for review" }));
    expect(await screen.findAllByText("This field is required")).toHaveLength(2);
    expect(screen.getAllByText("Add a photo of this side of your ID")).toHaveLength(2);

    fireEvent.change(screen.getByLabelText("Real name"), { target: { value: "12" } });
    fireEvent.change(screen.getByLabelText("ID number"), { target: { value: "12" } });
    pick(FRONT, new File(["<svg/>"], "front.svg", { type: "image/svg+xml" }));
    pick(BACK, jpeg("back.jpg", 9 * 1024 * 1024));
    fireEvent.click(screen.getByRole("button", { name: "Submit for review" }));
    await screen.findByText("Enter your name as on your ID: 2 to 60 letters");
    screen.getByText(/^Enter the ID number: 6 to 20 letters or digits/);
    screen.getByText("Only JPEG, PNG or WebP photos are accepted");
    screen.getByText("The photo is larger than 8 MB");
    expect(screen.getByLabelText(FRONT).getAttribute("aria-invalid")).toBe("true");
    pick(BACK, new File([], "empty.jpg", { type: "image/jpeg" }));
    await screen.findByText("The photo is empty; please choose it again");
    expect(screen.queryByRole("img")).toBeNull();
    expect(confirmSubmission).not.toHaveBeenCalled();
    expect(postMultipart).not.toHaveBeenCalled();
  });

  it("uploads both photos after a confirmation, with a progress bar, then shows the review", async () => {
    const upload = deferred<KycStatusResponse>();
    let progress: (sent: number) => void = () => undefined;
    vi.mocked(postMultipart).mockImplementation((_path, _form, onProgress) => {
      progress = onProgress;
      return upload.promise as never;
    });
    renderScreen(notVerified);
    await fillForm();
    expect(screen.getByRole("img", { name: "Front of ID, preview" }).getAttribute("src")).toMatch(
      /^data:image\/jpeg;base64,/,
    );

    fireEvent.click(screen.getByRole("button", { name: "Submit for review" }));
    await waitFor(() => expect(postMultipart).toHaveBeenCalledTimes(1));
    expect(confirmSubmission).toHaveBeenCalledTimes(1);
    const [path, form] = vi.mocked(postMultipart).mock.calls[0]!;
    expect(path).toBe("kyc/submit");
    expect(form.get("realName")).toBe("Asha Verma");
    expect(form.get("idNumber")).toBe("ABCDE1234F");
    expect((form.get("front") as File).name).toBe("front.jpg");
    expect((form.get("back") as File).name).toBe("back.png");

    act(() => progress(0.42));
    const bar = await screen.findByRole("progressbar", { name: "Upload progress" });
    expect(bar.getAttribute("aria-valuenow")).toBe("42");
    screen.getByText("Uploading… 42%");
    act(() => progress(1));
    await screen.findByText("Checking your photos…");

    upload.resolve(underReview);
    await screen.findByRole("heading", { name: "Under review" });
    expect(showSuccess).toHaveBeenCalledWith("Submitted for review");
    screen.getByText("ABCDE1***F");
    screen.getByText(formatDateTime(new Date(underReview.submittedAt!)));
    expect(screen.queryByLabelText("Real name")).toBeNull();
  });

  it("sends nothing when the confirmation is declined", async () => {
    vi.mocked(confirmSubmission).mockResolvedValue(false);
    renderScreen(notVerified);
    await fillForm();
    fireEvent.click(screen.getByRole("button", { name: "Submit for review" }));
    await waitFor(() => expect(confirmSubmission).toHaveBeenCalled());
    expect(postMultipart).not.toHaveBeenCalled();
  });

  it("shows a refused photo beside its tile, and other refusals as a toast", async () => {
    vi.mocked(postMultipart).mockRejectedValueOnce(
      new ApiError("IMAGE_CORRUPT", { field: "back" }, "The photo is damaged"),
    );
    renderScreen(notVerified);
    await fillForm();
    fireEvent.click(screen.getByRole("button", { name: "Submit for review" }));
    const message = await screen.findByText("The photo is damaged or incomplete; please take it again");
    expect(message.getAttribute("role")).toBe("alert");
    expect(screen.getByLabelText(BACK).getAttribute("aria-invalid")).toBe("true");

    vi.mocked(postMultipart).mockRejectedValueOnce(new ApiError("TOO_FREQUENT", {}, ""));
    fireEvent.click(screen.getByRole("button", { name: "Submit for review" }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith("Submitted too frequently, please try again later"),
    );
  });

  it("shows the reviewer's reason on a failed check, and lets the user submit again", async () => {
    renderScreen(failed);
    await screen.findByRole("heading", { name: "Verification failed" });
    screen.getByText("Reviewer's reason");
    screen.getByText("The photo of the back is blurred");
    fireEvent.click(screen.getByRole("button", { name: "Submit again" }));
    expect((await screen.findByLabelText<HTMLInputElement>("Real name")).value).toBe("Asha Verma");
    screen.getByText("Correct what the reviewer pointed out, then send your details and photos again.");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await screen.findByRole("heading", { name: "Verification failed" });
  });

  it("shows the verified name and the masked ID number only", async () => {
    renderScreen(verified);
    const panel = (await screen.findByRole("heading", { name: "Identity verified" })).closest("section")!;
    within(panel).getByText("Asha Verma");
    within(panel).getByText("ABCDE1***F");
    within(panel).getByText(formatDateTime(new Date(verified.decidedAt!)));
    expect(screen.queryByRole("button", { name: "Submit again" })).toBeNull();
    expect(screen.queryByLabelText("Real name")).toBeNull();
  });

  it("offers a retry when the status cannot be loaded", async () => {
    renderScreen(new Error("offline"));
    const alert = await screen.findByRole("alert");
    within(alert).getByText("Could not load this page.");
    vi.mocked(apiPost).mockResolvedValue(notVerified);
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByLabelText("Real name");
  });
});
