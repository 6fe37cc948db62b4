import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storageConfigFromEnv } from './create-storage.ts';
import { LocalDirectoryStorage } from './local-storage.ts';
import { restaurantKey, StorageUnavailableError } from './storage.ts';

describe('LocalDirectoryStorage', () => {
  it('puts, reads, checks and deletes a file under the restaurant’s prefix', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ra-storage-'));
    const storage = new LocalDirectoryStorage(root);
    const key = restaurantKey(7, 'images', 'a.webp');
    expect(key).toBe('r/7/images/a.webp');
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('bytes'), 'image/webp');
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.get(key))?.toString()).toBe('bytes');
    // no half-written temp file left beside it
    expect(readdirSync(join(root, 'r', '7', 'images'))).toEqual(['a.webp']);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
  });

  it('refuses keys that could leave the root or name another restaurant by a trick', async () => {
    const storage = new LocalDirectoryStorage(mkdtempSync(join(tmpdir(), 'ra-storage-')));
    for (const key of ['../etc/passwd', 'r/7/../8/a.webp', '/abs/path', 'r//7', 'r/7/a b.webp']) {
      await expect(storage.get(key), key).rejects.toThrow(/bad storage key/);
    }
    expect(() => restaurantKey(0, 'x')).toThrow();
    expect(() => restaurantKey(7, '..', 'x')).toThrow();
  });

  it('fails like an unreachable store when told to (STORAGE_FAIL=1)', async () => {
    const storage = new LocalDirectoryStorage(mkdtempSync(join(tmpdir(), 'ra-storage-')), true);
    await expect(storage.put('r/1/a.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
  });

  it('reads the S3 settings from the environment only when a bucket is named', () => {
    expect(storageConfigFromEnv({}, '/data')).toEqual({ localDir: '/data/media', fail: false });
    const s3 = storageConfigFromEnv(
      { STORAGE_S3_BUCKET: 'menus', STORAGE_S3_ENDPOINT: 'http://minio:9000', STORAGE_S3_FORCE_PATH_STYLE: 'true' },
      '/data',
    );
    expect(s3.s3).toEqual({
      bucket: 'menus',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
      prefix: '',
    });
  });
});
