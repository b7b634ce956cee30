import { defineConfig } from "drizzle-kit";

// `npm run db:generate -w @brokerage/server -- --name <change>` writes the next SQL migration into drizzle/.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./drizzle",
});
