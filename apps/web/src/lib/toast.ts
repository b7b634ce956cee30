/** Spec §9: error toasts stay 2000 ms. */
export const ERROR_TOAST_MS = 2000;

type ToastOptions = { content: string; duration: number; icon?: "success"; position?: "center" };

/**
 * antd-mobile's Toast (and the animation library under it) is fetched with the first toast, not with
 * the first screen: a toast always follows a network answer or a tap, so the wait is not noticed.
 */
function show(options: ToastOptions): void {
  void Promise.all([import("./imperative"), import("antd-mobile/es/components/toast")]).then(
    ([, { default: Toast }]) => Toast.show(options),
  );
}

export function showError(message: string): void {
  show({ content: message, duration: ERROR_TOAST_MS, position: "center" });
}

export function showSuccess(message: string): void {
  show({ icon: "success", content: message, duration: 1500 });
}

export function showInfo(message: string, duration = 1500): void {
  show({ content: message, duration });
}
