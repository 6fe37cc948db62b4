/**
 * `npm run secrets:rotate -w @ra/server`: seals every stored per-restaurant secret under SECRETS_KEY
 * (values sealed under SECRETS_KEY_PREVIOUS, or stored in clear, are sealed again). Safe to run while
 * the servers run; see docs/operations.md "Delivery platforms and secrets at rest".
 */
import { loadConfig, loadDatabaseConfig } from './config.ts';
import { openConfiguredDatabase } from './db/client.ts';
import { secretsConfigFromEnv } from './lib/secrets.ts';
import { rotateDeliverySecrets } from './modules/delivery/delivery.module.ts';

const config = loadConfig();
const handle = await openConfiguredDatabase(loadDatabaseConfig());
try {
  const secrets = config.secrets ?? secretsConfigFromEnv(process.env, config.jwtSecret);
  const count = await rotateDeliverySecrets(handle.db, secrets);
  console.log(`${count} secret(s) sealed again under key ${secrets.current.id} in ${handle.description}`);
} finally {
  await handle.close();
}
