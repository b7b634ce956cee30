import { Toast } from "antd-mobile";

/** Spec §9: error toasts stay 2000 ms. */
export const ERROR_TOAST_MS = 2000;

export function showError(message: string): void {
  Toast.show({ content: message, duration: ERROR_TOAST_MS, position: "center" });
}

export function showSuccess(message: string): void {
  Toast.show({ icon: "success", content: message, duration: 1500 });
}

export function showInfo(message: string): void {
  Toast.show({ content: message, duration: 1500 });
}
