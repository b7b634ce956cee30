/**
 * The bundles' "zod": both Vite configs resolve every `import … from "zod"` (the contract's included) to
 * this module (zodAlias.ts). The server's Content-Security-Policy forbids eval (script-src 'self'); zod
 * probes for it with `new Function("")` when the first object schema is built and compiles a fast parser
 * with it, and the browser reports the probe as a policy violation even though zod catches it. Zod's
 * documented `config({ jitless: true })` skips both, but only if it runs before any schema is built.
 *
 * Here it runs once zod has loaded and before any module that imported "zod" runs (ES module order), so
 * no entry has to import it first, and zod stays out of the first load: it comes with the lazily loaded
 * chunks that build schemas.
 */
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
export { default } from "zod/v4";
