import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.js";

/** An institution (agent or branch) recruits users with its invitation code. */
export const institutions = pgTable("institutions", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  inviteCode: text("invite_code").notNull().unique(),
  ...timestamps,
});
