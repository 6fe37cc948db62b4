import { defineConfig } from 'drizzle-kit';

// Generation only diffs the TypeScript schema against the committed snapshots, so no database URL is
// needed here. `npm run db:generate` also strips the "public". qualifiers drizzle-kit writes, so the
// committed SQL applies into whatever schema search_path names (the test suite uses one per file).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle',
  casing: 'snake_case',
});
