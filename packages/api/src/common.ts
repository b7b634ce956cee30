import { z } from "zod";

/** `common/config {type:"all"}` (spec §7): data is a list of name/value pairs. */
export const configRequest = z.object({ type: z.literal("all") });
export const configEntry = z.object({ name: z.string(), value: z.string() });
export const configResponse = z.array(configEntry);
export type ConfigEntry = z.infer<typeof configEntry>;
