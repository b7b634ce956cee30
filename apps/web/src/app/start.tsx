import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { unstableSetRender } from "antd-mobile";
import { App } from "./App";
import { installRootFontSize } from "./rootFontSize";
import "./styles/theme.css";
import "./styles/base.css";
import "./styles/shell.css";

// antd-mobile's imperative toasts render outside the tree; React 19 needs them to use createRoot.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => root.unmount();
});

installRootFontSize();
// The service worker (and its update dialog) is not needed to show the first screen: registered once the
// page has loaded, from a chunk of its own (workbox-window itself waits for "load" too).
window.addEventListener("load", () => void import("./pwa").then((pwa) => pwa.registerServiceWorker()), {
  once: true,
});

const container = document.getElementById("root");
if (container)
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
