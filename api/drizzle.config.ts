import { defineConfig } from 'drizzle-kit'

// Migrations are generated offline (`pnpm db:generate`) and applied at start by drizzle's migrator,
// so the same SQL serves the embedded PGlite database and a PostgreSQL server.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
  verbose: true
})
