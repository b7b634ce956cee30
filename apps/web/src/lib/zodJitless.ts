/**
 * The server's Content-Security-Policy forbids eval (script-src 'self'). Zod probes for it with
 * `new Function("")` when the first object schema is built, and the browser reports that probe as a
 * policy violation even though zod catches it; jitless skips the probe and the compiled fast path.
 *
 * Zod keeps its global config on `globalThis.__zod_globalConfig` (so that copies of zod share it) and
 * adopts an object already there. Setting it here, without importing zod, keeps zod out of the first
 * load: every contract schema lives in a lazily loaded chunk, which runs after the whole first load and
 * so after this line (zodJitless.test.ts checks that zod sees the setting). Imported first by main.tsx.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;

export {};
