import { defineConfig } from "drizzle-kit";

// Migrations are generated from server/db/schema.ts with `npm run db:generate`
// and applied at start-up by server/db/client.server.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./drizzle",
});
