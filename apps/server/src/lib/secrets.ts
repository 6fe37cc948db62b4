import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (issue 20 "Secrets at rest"): a per-restaurant credential or token is stored sealed
 * with AES-256-GCM under a key from the environment, never in clear. A sealed value names the key that
 * sealed it, so the key can be rotated without downtime: set the new key as SECRETS_KEY and the old one
 * as SECRETS_KEY_PREVIOUS, restart; values sealed under the old key still open, and are sealed again
 * under the new one when read (`open(...).stale`) or by the rotate command; then drop the previous key.
 *
 * Format: `enc:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url parts). The key id is the first 8 hex of
 * SHA-256 of the key, so it identifies the key without revealing it.
 */
export interface TSecretKey {
  id: string;
  key: Buffer;
}

export interface TSecretsConfig {
  current: TSecretKey;
  previous?: TSecretKey;
}

const PREFIX = 'enc:v1:';

/** Thrown when a sealed value cannot be opened: unknown key id, or tampered/garbled text. */
export class SecretUnreadableError extends Error {
  constructor(reason: string) {
    super(`secret cannot be opened: ${reason}`);
    this.name = 'SecretUnreadableError';
  }
}

export function secretKey(key: Buffer): TSecretKey {
  if (key.length !== 32) throw new Error('a secrets key is 32 bytes');
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

/** 32 bytes as 64 hex characters or base64/base64url (44/43 characters). */
function parseKey(value: string, name: string): TSecretKey {
  const text = value.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (bytes.length !== 32) throw new Error(`${name} must be 32 bytes, as 64 hex characters or base64`);
  return secretKey(bytes);
}

/**
 * SECRETS_KEY (and SECRETS_KEY_PREVIOUS while rotating). Without SECRETS_KEY (the demo, the tests) the
 * key is derived from the JWT secret, which is itself kept next to the embedded data: a deployment sets
 * its own (docs/operations.md).
 */
export function secretsConfigFromEnv(env: NodeJS.ProcessEnv, jwtSecret: string): TSecretsConfig {
  const current = env.SECRETS_KEY
    ? parseKey(env.SECRETS_KEY, 'SECRETS_KEY')
    : secretKey(Buffer.from(hkdfSync('sha256', jwtSecret, 'ra-secrets', 'secrets-at-rest', 32)));
  const previous = env.SECRETS_KEY_PREVIOUS ? parseKey(env.SECRETS_KEY_PREVIOUS, 'SECRETS_KEY_PREVIOUS') : undefined;
  return previous && previous.id !== current.id ? { current, previous } : { current };
}

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** The last four characters, the only part of a secret the API shows. */
export function lastFour(secret: string): string {
  return [...secret].slice(-4).join('');
}

export class SecretBox {
  constructor(private readonly keys: TSecretsConfig) {}

  get currentKeyId(): string {
    return this.keys.current.id;
  }

  seal(plain: string): string {
    const { id, key } = this.keys.current;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(id));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return `${PREFIX}${id}:${iv.toString('base64url')}:${tag.toString('base64url')}:${ciphertext.toString('base64url')}`;
  }

  /**
   * The clear text, and whether it should be sealed again under the current key: sealed under the
   * previous key, or stored in clear before secrets were sealed (a value without the prefix).
   */
  open(stored: string): { plain: string; stale: boolean } {
    if (!isSealed(stored)) return { plain: stored, stale: true };
    const [id, iv, tag, ciphertext, ...rest] = stored.slice(PREFIX.length).split(':');
    if (!id || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
      throw new SecretUnreadableError('malformed');
    }
    const key = [this.keys.current, this.keys.previous].find((k) => k?.id === id);
    if (!key) throw new SecretUnreadableError(`unknown key ${id}`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(id));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
      return { plain: plain.toString('utf8'), stale: id !== this.keys.current.id };
    } catch {
      throw new SecretUnreadableError('authentication failed');
    }
  }

  /** The value sealed under the current key, or null when it already is. */
  resealed(stored: string): string | null {
    const { plain, stale } = this.open(stored);
    return stale ? this.seal(plain) : null;
  }
}
