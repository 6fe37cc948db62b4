import { createInflateRaw } from 'node:zlib';

/**
 * Zip bombs in uploaded workbooks (an XLSX is a zip). A 1 MB upload can declare, or simply inflate to,
 * hundreds of megabytes, and a workbook library unpacks every entry into memory before anyone looks at
 * the sizes. So an uploaded archive is checked before it is unpacked:
 *
 * 1. its central directory (the table of contents at the end of a zip) is read without inflating
 *    anything: too many entries, or declared sizes that add up past the limit, refuse at once;
 * 2. every entry is then inflated as a stream whose output is counted and thrown away, stopping the
 *    moment an entry yields more than it declared (the directory can lie) or the total passes the
 *    limit. Memory stays at zlib's window whatever the archive holds.
 *
 * Only then does the caller hand the bytes to the workbook library, knowing what they unpack to.
 */

export interface TZipLimits {
  /** Files in the archive (an XLSX has about a dozen, plus one per sheet and image). */
  maxEntries: number;
  /** All entries together, unpacked. */
  maxUnpackedBytes: number;
}

/**
 * docs/decisions.md "Uploaded workbooks and zip bombs": a menu export has a dozen entries and unpacks
 * to a few kilobytes per item (5,000 items: well under 10 MB); these leave room for that many times
 * over while keeping what the workbook library may build in memory bounded.
 */
export const XLSX_LIMITS: TZipLimits = { maxEntries: 1000, maxUnpackedBytes: 50 * 1024 * 1024 };

/** Why an archive is refused: not a zip we can read, or more than the limits allow. */
export type TZipProblem = 'notZip' | 'tooLarge';

export class ZipRefused extends Error {
  constructor(readonly problem: TZipProblem) {
    super(problem === 'notZip' ? 'not a readable zip archive' : 'zip archive unpacks past the limits');
    this.name = 'ZipRefused';
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
/** The end record may be followed by a comment of up to 65,535 bytes. */
const MAX_COMMENT = 0xffff;
/** ZIP64 markers: sizes and counts too big for the classic fields. No workbook upload needs them. */
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

interface TEntry {
  method: number;
  compressedSize: number;
  unpackedSize: number;
  localHeaderOffset: number;
}

/** The central directory's entries, or ZipRefused. Reads only the directory, never entry data. */
export function readZipDirectory(zip: Buffer, limits: TZipLimits): TEntry[] {
  const end = findEndRecord(zip);
  const declaredEntries = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (declaredEntries === U16_MAX || directoryOffset === U32_MAX) throw new ZipRefused('tooLarge');
  if (declaredEntries > limits.maxEntries) throw new ZipRefused('tooLarge');
  if (directoryOffset + directorySize > end) throw new ZipRefused('notZip');

  const entries: TEntry[] = [];
  let unpacked = 0;
  let at = directoryOffset;
  while (at < directoryOffset + directorySize) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw new ZipRefused('notZip');
    const entry: TEntry = {
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      unpackedSize: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
    };
    if (entry.compressedSize === U32_MAX || entry.unpackedSize === U32_MAX || entry.localHeaderOffset === U32_MAX)
      throw new ZipRefused('tooLarge');
    entries.push(entry);
    if (entries.length > limits.maxEntries) throw new ZipRefused('tooLarge');
    unpacked += entry.unpackedSize;
    if (unpacked > limits.maxUnpackedBytes) throw new ZipRefused('tooLarge');
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * Refuses (ZipRefused) an archive that is not a zip, declares more than `limits`, or actually
 * unpacks to more than it declares. Resolves when every entry was inflated within bounds.
 */
export async function checkZipArchive(zip: Buffer, limits: TZipLimits): Promise<void> {
  const entries = readZipDirectory(zip, limits);
  let budget = limits.maxUnpackedBytes;
  for (const entry of entries) {
    const at = entry.localHeaderOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_SIGNATURE) throw new ZipRefused('notZip');
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw new ZipRefused('notZip');
    // An entry may yield no more than it declared, nor more than what is left of the whole budget.
    const allowed = Math.min(entry.unpackedSize, budget);
    let produced: number;
    if (entry.method === 0) produced = data.length;
    else if (entry.method === 8) produced = await inflatedLength(data, allowed);
    else throw new ZipRefused('notZip');
    if (produced > allowed) throw new ZipRefused('tooLarge');
    budget -= produced;
  }
}

function findEndRecord(zip: Buffer): number {
  const lowest = Math.max(0, zip.length - EOCD_SIZE - MAX_COMMENT);
  for (let at = zip.length - EOCD_SIZE; at >= lowest; at -= 1) {
    if (zip.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  throw new ZipRefused('notZip');
}

/**
 * How many bytes raw-deflate `data` inflates to, counting and discarding the output; stops (and
 * answers more than `limit`) as soon as the count passes `limit`, so a bomb is never unpacked whole.
 */
export function inflatedLength(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw();
    let produced = 0;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    inflater.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > limit) {
        finish(() => resolve(produced));
        inflater.destroy();
      }
    });
    inflater.on('end', () => finish(() => resolve(produced)));
    inflater.on('error', () => finish(() => reject(new ZipRefused('notZip'))));
    inflater.end(data);
  });
}
