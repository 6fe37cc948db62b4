import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

/**
 * Where signature images live: a directory under the data dir, one folder per restaurant. Kept behind
 * this one interface so the shared storage adapter (local directory or S3-compatible) can replace it
 * without the service changing.
 */
export interface SignatureStore {
  /** Stores a PNG and returns its name; null when the bytes are not a PNG. */
  save(restaurantId: number, bytes: Buffer): Promise<string | null>;
  read(restaurantId: number, name: string): Promise<Buffer | null>;
  exists(restaurantId: number, name: string): Promise<boolean>;
}

export const SIGNATURE_NAME = /^[a-f0-9]{32}\.png$/;

export function localSignatureStore(dataDir: string): SignatureStore {
  const folder = (restaurantId: number) => join(dataDir, 'work-hour-signatures', String(restaurantId));
  return {
    async save(restaurantId, bytes) {
      // Checked by content, not by the data URL's label: anything but a PNG is refused.
      const type = await fileTypeFromBuffer(bytes);
      if (type?.mime !== 'image/png') return null;
      const name = `${randomBytes(16).toString('hex')}.png`;
      await mkdir(folder(restaurantId), { recursive: true });
      await writeFile(join(folder(restaurantId), name), bytes, { flag: 'wx' });
      return name;
    },
    async read(restaurantId, name) {
      if (!SIGNATURE_NAME.test(name)) return null;
      try {
        return await readFile(join(folder(restaurantId), name));
      } catch {
        return null;
      }
    },
    async exists(restaurantId, name) {
      if (!SIGNATURE_NAME.test(name)) return false;
      try {
        return (await stat(join(folder(restaurantId), name))).isFile();
      } catch {
        return false;
      }
    },
  };
}
