/**
 * `npm run db:seed [-- options]`: migrates, then adds the demo data if it is not there yet.
 * Further options (e.g. a later `--orders N`) are accepted and ignored until something implements them.
 */
import { loadDatabaseConfig } from '../config.ts';
import { openConfiguredDatabase } from './client.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from './seed.ts';

const ignored = process.argv.slice(2);
const handle = await openConfiguredDatabase(loadDatabaseConfig());
try {
  await handle.migrate();
  const { seeded } = await seedDemoData(handle.db);
  console.log(
    seeded
      ? `demo data added to ${handle.description}; sign in as ${Object.values(DEMO_EMAILS).join(', ')} with password '${DEMO_PASSWORD}'`
      : `demo data already present in ${handle.description}; nothing changed`,
  );
  if (ignored.length) console.log(`ignored options: ${ignored.join(' ')}`);
} finally {
  await handle.close();
}
