// First: zod's eval probe would be a CSP violation (see lib/zodJitless.ts); the contract builds schemas.
import "../lib/zodJitless";
// antd in zero-runtime mode: its styles are this static sheet, not <style> tags made at run time, so the
// back office runs under the same Content-Security-Policy as the phone app (style-src 'self').
import "antd/dist/reset.css";
import "antd/dist/antd.css";
import "./app/admin.css";
import { createRoot } from "react-dom/client";
import { AdminApp } from "./app/AdminApp";
import { adminRouter } from "./app/router";

const root = document.getElementById("root");
if (root) createRoot(root).render(<AdminApp router={adminRouter()} />);
