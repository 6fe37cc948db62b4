/**
 * drizzle-kit qualifies some names with "public". (sequences, foreign-key targets). The committed
 * migrations must apply into whatever schema search_path names: a deployment may use its own schema
 * and the test suite migrates each test file into a fresh one (ARCHITECTURE.md "Database"). Run by
 * `npm run db:generate` after drizzle-kit; a test fails if a qualifier slips through.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../drizzle/', import.meta.url));
for (const name of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
  const file = join(dir, name);
  const before = readFileSync(file, 'utf8');
  const after = before.replaceAll('"public".', '');
  if (after !== before) {
    writeFileSync(file, after);
    console.log(`stripped "public". from ${name}`);
  }
}
