// antd in zero-runtime mode: its styles are this static sheet, not <style> tags made at run time, so the
// back office runs under the same Content-Security-Policy as the phone app (style-src 'self').
import "antd/dist/reset.css";
import "antd/dist/antd.css";
import "./app/admin.css";
import { createRoot } from "react-dom/client";
import { AdminApp } from "./app/AdminApp";
import { adminRouter } from "./app/router";

// A page's chunk that no longer exists (a release replaced the build while this page was open): load
// the new build's index.html, at most once a minute so that a chunk missing for another reason cannot
// reload in a loop (the failed navigation shows its error then).
const RELOADED_KEY = "brokerage.admin.reloadedAt";
window.addEventListener("vite:preloadError", () => {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  } catch {
    return;
  }
  window.location.reload();
});

const root = document.getElementById("root");
if (root) createRoot(root).render(<AdminApp router={adminRouter()} />);
