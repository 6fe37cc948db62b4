// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_INT32, oneOf, pageOf, pageSizeOf, positiveId, wholeNumber } from './url-params.ts';

const params = (qs: string) => new URLSearchParams(qs);

describe('oneOf', () => {
  const SORTS = ['at', '-at', 'amount'] as const;
  it('answers a listed value as is', () => {
    expect(oneOf(SORTS, params('sort=-at').get('sort'))).toBe('-at');
  });
  it('answers undefined for a missing, unlisted or differently cased value', () => {
    expect(oneOf(SORTS, params('').get('sort'))).toBeUndefined();
    expect(oneOf(SORTS, params('sort=price').get('sort'))).toBeUndefined();
    expect(oneOf(SORTS, params('sort=AT').get('sort'))).toBeUndefined();
    expect(oneOf(SORTS, params('sort=').get('sort'))).toBeUndefined();
  });
});

describe('wholeNumber', () => {
  it('reads 0 and whole numbers up to the bound', () => {
    expect(wholeNumber('0')).toBe(0);
    expect(wholeNumber('1250')).toBe(1250);
    expect(wholeNumber('100000000', 100_000_000)).toBe(100_000_000);
  });
  it('answers undefined for missing, blank, negative, fractional, unsafe or too large values', () => {
    for (const raw of [null, '', '  ', '-1', '1.5', 'abc', '9007199254740993', 'Infinity'])
      expect(wholeNumber(raw), String(raw)).toBeUndefined();
    expect(wholeNumber('100000001', 100_000_000)).toBeUndefined();
    expect(wholeNumber(String(MAX_INT32 + 1), MAX_INT32)).toBeUndefined();
  });
});

describe('positiveId', () => {
  it('reads plain digits from 1 to MAX_INT32', () => {
    expect(positiveId('7')).toBe(7);
    expect(positiveId(String(MAX_INT32))).toBe(MAX_INT32);
  });
  it('refuses 0, signs, spaces, exponents and ids past MAX_INT32', () => {
    for (const raw of [null, '', '0', '-3', '+3', ' 3', '1e3', '3.0', String(MAX_INT32 + 1)])
      expect(positiveId(raw), String(raw)).toBeUndefined();
  });
});

describe('pageOf', () => {
  it('reads a page from 1, up to the bound', () => {
    expect(pageOf('3')).toBe(3);
    expect(pageOf('100000', 100_000)).toBe(100_000);
  });
  it('falls back to page 1', () => {
    for (const raw of [null, '', '0', '-2', '2.5', 'x']) expect(pageOf(raw), String(raw)).toBe(1);
    expect(pageOf('100001', 100_000)).toBe(1);
  });
});

describe('pageSizeOf', () => {
  const SIZES = [20, 50, 100];
  it('reads a listed size, else the fallback', () => {
    expect(pageSizeOf('100', SIZES, 50)).toBe(100);
    expect(pageSizeOf('30', SIZES, 50)).toBe(50);
    expect(pageSizeOf(null, SIZES, 50)).toBe(50);
  });
});
