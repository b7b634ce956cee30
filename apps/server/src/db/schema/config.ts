import { pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "./columns.js";

/** Server configuration shown to the app (`common/config`) and edited from the back office. */
export const config = pgTable("config", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});
