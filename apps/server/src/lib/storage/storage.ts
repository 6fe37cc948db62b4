/**
 * Where uploaded files live (ARCHITECTURE.md "file storage"): a local directory by default, any
 * S3-compatible store when configured (STORAGE_S3_BUCKET and friends, see config.ts and the README).
 * Keys are paths like `r/<restaurantId>/images/<uuid>.webp`: one namespace per restaurant, so a key
 * built for one restaurant can never name another's file.
 */
export interface StorageAdapter {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; no error when it is already gone. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** A store that cannot be reached right now (answered as 503, like a database that is away). */
export class StorageUnavailableError extends Error {
  constructor(message = 'file storage is unavailable', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

const KEY = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** Refuses keys that could climb out of the store's root or collide with odd names. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.length > 300) throw new Error(`bad storage key '${key}'`);
}

/** The key of a restaurant's file: every restaurant's files sit under their own prefix. */
export function restaurantKey(restaurantId: number, ...parts: string[]): string {
  if (!Number.isInteger(restaurantId) || restaurantId <= 0) throw new Error(`bad restaurant id ${restaurantId}`);
  const key = ['r', String(restaurantId), ...parts].join('/');
  assertStorageKey(key);
  return key;
}

export interface TStorageConfig {
  /** Local directory for the default adapter. */
  localDir: string;
  /** When set, files go to this S3-compatible bucket instead. */
  s3?: {
    bucket: string;
    region: string;
    endpoint?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
    /** A prefix inside the bucket (e.g. 'restaurant-admin/'), so one bucket can hold several installs. */
    prefix: string;
  };
  /** STORAGE_FAIL=1: the local store fails like an unreachable one, to exercise error paths. */
  fail?: boolean;
}
