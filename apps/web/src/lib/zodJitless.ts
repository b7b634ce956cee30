import { config } from "zod";

/**
 * The server's Content-Security-Policy forbids eval (script-src 'self'). Zod probes for it with
 * `new Function("")` when the first object schema is built, and the browser reports that probe as a
 * policy violation even though zod catches it; jitless skips the probe and the compiled fast path.
 * Imported first by main.tsx, before any contract schema exists.
 */
config({ jitless: true });
