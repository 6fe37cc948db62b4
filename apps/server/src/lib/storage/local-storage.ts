import { mkdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { assertStorageKey, StorageUnavailableError, type StorageAdapter } from './storage.ts';

/** Files under one directory, one file per key; the default, and what tests use (a temp directory). */
export class LocalDirectoryStorage implements StorageAdapter {
  constructor(
    private readonly root: string,
    /** Fail every call as an unreachable store would (STORAGE_FAIL=1). */
    private readonly fail = false,
  ) {}

  private path(key: string): string {
    assertStorageKey(key);
    if (this.fail) throw new StorageUnavailableError('file storage is unavailable (STORAGE_FAIL)');
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a reader never sees half a file (as an object store never shows one).
    const temp = `${path}.${randomUUID()}.part`;
    await writeFile(temp, body);
    await rename(temp, path);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
}
