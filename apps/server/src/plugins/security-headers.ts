import { DOCUMENT_STYLE_HASH } from "../lib/html.js";
import { shared } from "./shared.js";

/**
 * The app keeps its session token in localStorage (spec §3), so this policy is what stands between an
 * injected script and every account: scripts only from our own origin, never inline or eval'd, and
 * nothing of ours inside anyone's frame. The built web app and the API docs satisfy it as they are.
 */
export const CONTENT_SECURITY_POLICY = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  // The documents' one stylesheet (lib/html.ts), by its hash: the app shows a contract note in a frame.
  "style-src": ["'self'", DOCUMENT_STYLE_HASH],
  "img-src": ["'self'", "data:"],
  "font-src": ["'self'", "data:"],
  // 'self' covers the quote socket on the same host (ws: and wss:), as CSP Level 3 says.
  "connect-src": ["'self'"],
  "worker-src": ["'self'"],
  "manifest-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/** A year; sent only to clients that reached us over HTTPS, so plain-HTTP installs are not locked out. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The headers helmet's defaults send, with our policy, written out once: helmet rebuilds them on every
 * request, which cost about a seventh of a simple read call's CPU.
 */
const SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy": Object.entries(CONTENT_SECURITY_POLICY)
    .map(([directive, sources]) => `${directive} ${sources.join(" ")}`)
    .join(";"),
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

/**
 * What the JSON API's answers (and its images and CSV files) carry: nothing in them is ever a document a
 * browser renders, so the headers that only govern documents (opener and agent-cluster isolation, DNS
 * prefetch, download and XSS-filter switches, cross-domain policy files) are left off, and the policy
 * is the strictest there is: nothing may load, nothing may frame it (OWASP's REST security headers).
 * About a third of the bytes, and of the header work, of a small read call.
 */
const API_HEADERS: Record<string, string> = {
  "content-security-policy": "default-src 'none';frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

/** The JSON API's prefixes (the app's and the back office's calls, the health check). */
const API_PREFIXES = ["/api/vue/", "/api/admin/", "/api/health"];

/** Whether `url` is a call of the JSON API (the docs and the support page under /api are documents). */
const isApiCall = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * Security headers, set in one place for every answer: the app's documents and assets get the full set,
 * the API's answers the set for answers no browser renders. HSTS on both, only when the request came
 * over HTTPS: directly, or through a proxy trusted by TRUST_PROXY (Fastify's `request.protocol` reads
 * X-Forwarded-Proto only from trusted proxies).
 */
export const securityHeadersPlugin = shared(async (app) => {
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiCall(request.url) ? API_HEADERS : SECURITY_HEADERS);
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    done();
  });
});
