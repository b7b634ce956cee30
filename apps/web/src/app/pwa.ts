/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from "virtual:pwa-register";
import { i18n } from "../lib/i18n";

/** An open app (a standalone window may live for days) asks for a new version this often. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker that precaches the app shell (vite.config.ts). A new version installs in
 * the background and then waits: the user is asked, and only a "reload" from this window swaps it in,
 * so an order or a transfer being typed is never wiped by an update. Declining keeps the running version
 * until every window of the app is closed, when the browser activates the new one by itself.
 */
export function registerServiceWorker(): void {
  let reloadRequested = false;
  let asking = false;

  const activateUpdate = registerSW({
    onNeedRefresh() {
      if (asking) return;
      asking = true;
      // The dialog (and its animations) loads only when there is something to ask.
      void import("antd-mobile")
        .then(({ Dialog }) =>
          Dialog.confirm({
            title: i18n.t("update.title"),
            content: i18n.t("update.body"),
            confirmText: i18n.t("update.reload"),
            cancelText: i18n.t("update.later"),
          }),
        )
        .then((accepted) => {
          asking = false;
          if (!accepted) return;
          reloadRequested = true;
          void activateUpdate();
        });
    },
    // Another window of the app accepted the update: this one keeps its page (and its form).
    onNeedReload() {
      if (reloadRequested) window.location.reload();
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
}
