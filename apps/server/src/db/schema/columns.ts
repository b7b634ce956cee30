import { numeric, timestamp } from "drizzle-orm/pg-core";

/** Instants are timestamptz, read as Date. Rows are written with the injected clock's time. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const timestamps = {
  createdAt: instant("created_at").notNull().defaultNow(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
};

/** Money: numeric read as strings, at most 8 decimals (the ledger's scale). */
export const amount = (name: string) => numeric(name, { precision: 38, scale: 8 });
