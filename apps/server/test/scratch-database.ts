import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database of its own on a PostgreSQL server: a test file's (helper.ts), or one a test starts servers on. */
export interface TScratchDatabase {
  /** the new database's name */
  name: string;
  /** the connection string of the new database */
  url: string;
  /** drops it, closing whatever is still connected */
  drop: () => Promise<void>;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Creates `<prefix>_<random>` on the server at `serverUrl` (a name no parallel test file can take):
 * empty, or a copy of the database `template` (which nobody may be connected to meanwhile).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  { template }: { template?: string | undefined } = {},
): Promise<TScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  if (template && !/^[a-z_][a-z0-9_]*$/.test(template)) throw new Error(`bad database name '${template}'`);
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
