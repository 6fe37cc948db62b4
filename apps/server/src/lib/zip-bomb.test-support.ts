import { createDeflateRaw } from 'node:zlib';

/**
 * Zip archives for the zip-bomb tests and bench (lib/zip-guard.ts), written by hand so an entry can
 * declare any size, true or not. The payload is `unpacked` zero bytes deflated as a stream, so making
 * a 300 MB bomb needs about 300 KB of memory, not 300 MB.
 */

export interface TBombEntry {
  name: string;
  /** Raw-deflated bytes. */
  data: Buffer;
  /** What the central directory (and local header) say the entry unpacks to. */
  declaredSize: number;
}

const made = new Map<number, Promise<Buffer>>();

/** `bytes` zero bytes, raw-deflated, without ever holding them all (made once per size). */
export function deflatedZeros(bytes: number): Promise<Buffer> {
  let data = made.get(bytes);
  if (!data) made.set(bytes, (data = deflate(bytes)));
  return data;
}

async function deflate(bytes: number): Promise<Buffer> {
  const deflater = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  const block = Buffer.alloc(1024 * 1024);
  for (let left = bytes; left > 0; left -= block.length) {
    const piece = left >= block.length ? block : block.subarray(0, left);
    if (!deflater.write(piece)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await done;
  return Buffer.concat(chunks);
}

/** A zip of deflated entries, each declaring `declaredSize`; the CRCs are left 0 (nothing here reads them). */
export function zipOf(entries: readonly TBombEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The bomb of the report: an XLSX-shaped archive whose one sheet is `unpacked` bytes. `lie` makes
 * the directory claim 1 KB instead, so only the counted inflate can catch it.
 */
export async function xlsxBomb(unpacked: number, options: { lie?: boolean } = {}): Promise<Buffer> {
  const data = await deflatedZeros(unpacked);
  return zipOf([
    { name: '[Content_Types].xml', data: await deflatedZeros(10), declaredSize: 10 },
    { name: 'xl/worksheets/sheet1.xml', data, declaredSize: options.lie ? 1024 : unpacked },
  ]);
}
