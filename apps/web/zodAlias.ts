import { fileURLToPath } from "node:url";
import type { AliasOptions } from "vite";

/** "zod" of the app's bundles is zod with jitless on (src/lib/zodJitless.ts); "zod/…" stays zod's own. */
export const zodAlias: AliasOptions = [
  { find: /^zod$/, replacement: fileURLToPath(new URL("./src/lib/zodJitless.ts", import.meta.url)) },
];
