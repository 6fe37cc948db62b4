import { join } from 'node:path';
import { LocalDirectoryStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { StorageAdapter, TStorageConfig } from './storage.ts';

/** The adapter the configuration asks for: S3 when a bucket is configured, else the local directory. */
export function createStorage(config: TStorageConfig): StorageAdapter {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalDirectoryStorage(config.localDir, config.fail ?? false);
}

/**
 * Storage settings from the environment (README "Configuration"): files under DATA_DIR/media unless
 * STORAGE_S3_BUCKET is set.
 */
export function storageConfigFromEnv(env: NodeJS.ProcessEnv, dataDir: string): TStorageConfig {
  const bucket = env.STORAGE_S3_BUCKET?.trim();
  return {
    localDir: join(dataDir, 'media'),
    fail: env.STORAGE_FAIL === '1',
    ...(bucket
      ? {
          s3: {
            bucket,
            region: env.STORAGE_S3_REGION?.trim() || 'us-east-1',
            endpoint: env.STORAGE_S3_ENDPOINT?.trim() || undefined,
            accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID?.trim() || undefined,
            secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY?.trim() || undefined,
            forcePathStyle: env.STORAGE_S3_FORCE_PATH_STYLE === 'true',
            prefix: env.STORAGE_S3_PREFIX?.trim() ?? '',
          },
        }
      : {}),
  };
}

/** The app's storage: the configured one, or `<dataDir>/media` when the config names none (tests). */
export function storageFor(config: { storage?: TStorageConfig; dataDir: string }): StorageAdapter {
  return createStorage(config.storage ?? { localDir: join(config.dataDir, 'media') });
}
