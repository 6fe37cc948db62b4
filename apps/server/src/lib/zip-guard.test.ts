import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { checkZipArchive, inflatedLength, readZipDirectory, XLSX_LIMITS, ZipRefused } from './zip-guard.ts';
import { deflatedZeros, xlsxBomb, zipOf } from './zip-bomb.test-support.ts';

const MB = 1024 * 1024;
const refusal = async (work: () => unknown) => {
  try {
    await work();
  } catch (error) {
    if (error instanceof ZipRefused) return error.problem;
    throw error;
  }
  return 'accepted';
};

async function realWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Items');
  sheet.addRow(['item_id', 'Name', 'Price']);
  for (let i = 1; i <= 500; i += 1) sheet.addRow([i, `Dish ${i}`, '9.50']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('zip guard', () => {
  it('passes a real workbook', async () => {
    const book = await realWorkbook();
    expect(await refusal(() => checkZipArchive(book, XLSX_LIMITS))).toBe('accepted');
    expect(readZipDirectory(book, XLSX_LIMITS).length).toBeGreaterThan(3);
  });

  it('refuses a 300 MB bomb from its directory alone, without inflating an entry', async () => {
    const bomb = await xlsxBomb(300 * MB);
    expect(bomb.length).toBeLessThan(1.1 * MB);
    expect(await refusal(() => readZipDirectory(bomb, XLSX_LIMITS))).toBe('tooLarge');
    expect(await refusal(() => checkZipArchive(bomb, XLSX_LIMITS))).toBe('tooLarge');
  });

  it('refuses a bomb whose directory lies about its sizes, by counting what it inflates', async () => {
    const bomb = await xlsxBomb(300 * MB, { lie: true });
    expect(await refusal(() => readZipDirectory(bomb, XLSX_LIMITS))).toBe('accepted');
    expect(await refusal(() => checkZipArchive(bomb, XLSX_LIMITS))).toBe('tooLarge');
  });

  it('stops inflating as soon as the count passes the limit', async () => {
    const produced = await inflatedLength(await deflatedZeros(300 * MB), 1024);
    expect(produced).toBeGreaterThan(1024);
    // zlib hands output over in 16 KB chunks and a few may already be on their way: far from 300 MB.
    expect(produced).toBeLessThan(MB);
  });

  it('refuses more entries than the limit', async () => {
    const tiny = await deflatedZeros(1);
    const many = zipOf(Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}`, data: tiny, declaredSize: 1 })));
    expect(await refusal(() => checkZipArchive(many, XLSX_LIMITS))).toBe('tooLarge');
    const fine = zipOf(Array.from({ length: 1000 }, (_, i) => ({ name: `f${i}`, data: tiny, declaredSize: 1 })));
    expect(await refusal(() => checkZipArchive(fine, XLSX_LIMITS))).toBe('accepted');
  });

  it('calls anything else not a zip', async () => {
    expect(await refusal(() => checkZipArchive(Buffer.from('not a zip at all'), XLSX_LIMITS))).toBe('notZip');
    const book = await realWorkbook();
    expect(await refusal(() => checkZipArchive(book.subarray(0, book.length - 30), XLSX_LIMITS))).toBe('notZip');
    const corrupt = zipOf([{ name: 'a', data: Buffer.from([0xff, 0xff, 0xff, 0xff]), declaredSize: 10 }]);
    expect(await refusal(() => checkZipArchive(corrupt, XLSX_LIMITS))).toBe('notZip');
  });
});
