import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
// antd-mobile by component path, never through its index: the index re-exports every component, so the
// bundler counts each component used anywhere as a dependency of the first screen (lint keeps it so).
import "antd-mobile/es/global";
import { App } from "./App";
import { applyPriceColors } from "../lib/priceColors";
import { installRootFontSize } from "./rootFontSize";
import "./styles/theme.css";
import "./styles/base.css";
import "./styles/shell.css";

installRootFontSize();
applyPriceColors();
// The service worker (and its update dialog) is not needed to show the first screen: registered from a
// chunk of its own a moment after the page has loaded, when the main thread is idle, so it never competes
// with the first screen's scripts for a phone's bandwidth or CPU.
window.addEventListener(
  "load",
  () =>
    afterFirstScreen(() => {
      void import("./pwa").then((pwa) => pwa.registerServiceWorker());
      // The table of the screens behind log-in, so the step from log-in to home waits for nothing more.
      void import("./screens");
    }),
  {
    once: true,
  },
);

function afterFirstScreen(task: () => void): void {
  setTimeout(() => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(task, { timeout: 10_000 });
    else task();
  }, 3_000);
}

const container = document.getElementById("root");
if (container) {
  const root = createRoot(container);
  // The first render is a transition, so React renders the first screen in slices and lets the browser
  // breathe in between (a phone's main thread is never held for the whole tree), while the splash stays
  // on screen until the screen is ready to commit.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
