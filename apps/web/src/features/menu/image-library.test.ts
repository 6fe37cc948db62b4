// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatImageBytes, imagePageSearch, pageAfterDelete, parseImagePage } from './image-library.ts';

const page = (qs: string) => parseImagePage(new URLSearchParams(qs));

describe('the image library page in the URL', () => {
  it('reads a whole page number and falls back to the first page for anything else', () => {
    expect(page('page=3')).toBe(3);
    expect(page('')).toBe(1);
    for (const bad of ['page=0', 'page=-2', 'page=abc', 'page=2.5', 'page=9999999', 'page=100001', 'page='])
      expect(page(bad), bad).toBe(1);
  });

  it('writes page 1 as the plain address', () => {
    expect(imagePageSearch(1)).toBe('');
    expect(imagePageSearch(4)).toBe('?page=4');
  });
});

describe('image sizes', () => {
  it('shows bytes, kilobytes and megabytes in binary units', () => {
    expect(formatImageBytes(930, 'en')).toBe('930 B');
    expect(formatImageBytes(48_210, 'en')).toBe('47 KB');
    expect(formatImageBytes(1_572_864, 'en')).toBe('1.5 MB');
    expect(formatImageBytes(15 * 1024 * 1024, 'zh')).toBe('15 MB');
    expect(formatImageBytes(2_000_000, 'zh')).toBe('1.9 MB');
  });
});

describe('the page after a delete', () => {
  it('steps back from a page the delete leaves empty, never below the first', () => {
    expect(pageAfterDelete(3, 49, 24)).toBe(2);
    expect(pageAfterDelete(3, 50, 24)).toBe(3);
    expect(pageAfterDelete(1, 1, 24)).toBe(1);
    expect(pageAfterDelete(2, 30, 24)).toBe(2);
  });
});
