import { z } from "zod";

/** Back-office roles (DESIGN §5). Permissions per role come with the back-office API. */
export const ADMIN_ROLES = ["administrator", "reviewer", "operator", "support"] as const;
export const adminRole = z.enum(ADMIN_ROLES);
export type AdminRole = z.infer<typeof adminRole>;
