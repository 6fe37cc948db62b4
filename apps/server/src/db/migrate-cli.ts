/** `npm run db:migrate`: applies the committed migrations to the configured database. */
import { loadDatabaseConfig } from '../config.ts';
import { openConfiguredDatabase } from './client.ts';

const handle = await openConfiguredDatabase(loadDatabaseConfig());
try {
  await handle.migrate();
  console.log(`migrations applied to ${handle.description}`);
} finally {
  await handle.close();
}
