// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { analyzeSms } from '@ra/shared/customers/sms';
import { charLabel, namesNotFound, parseNames, submitBlocker, ucs2Notice } from './sms-composer.ts';

describe('ucs2Notice', () => {
  it('says once that Chinese text is UCS-2 instead of naming each character', () => {
    expect(ucs2Notice(analyzeSms('本周末点心买一送一，欢迎光临！', 'zh'))).toEqual({ chinese: true, unexpected: [] });
    // Chinese in the English box is the same: one note, no chips.
    expect(ucs2Notice(analyzeSms('Dim sum 点心 this weekend “only”', 'en'))).toEqual({ chinese: true, unexpected: [] });
  });

  it('names the unexpected characters that turned an English message into UCS-2, each once', () => {
    expect(ucs2Notice(analyzeSms('Don’t miss “Oyster Night” 🦪 — it’s back', 'en'))).toEqual({
      chinese: false,
      unexpected: ['’', '“', '”', '🦪', '—'],
    });
  });

  it('says nothing for plain GSM-7 text', () => {
    expect(ucs2Notice(analyzeSms('Don\'t miss "Oyster Night", it\'s back! 20% off', 'en'))).toEqual({
      chinese: false,
      unexpected: [],
    });
  });
});

describe('charLabel', () => {
  it('shows invisible characters by code point', () => {
    expect(charLabel('\u00a0')).toBe('U+00A0');
    expect(charLabel('\u200b')).toBe('U+200B');
    expect(charLabel('“')).toBe('“');
    expect(charLabel('🦪')).toBe('🦪');
  });
});

describe('submitBlocker', () => {
  const ready = { bankLinked: true, bodyEn: 'Hello', tooLong: false, quoted: true };
  it('names the bank first, before anything is written', () => {
    expect(submitBlocker({ ...ready, bankLinked: false, bodyEn: '', quoted: false })).toBe('linkBankFirst');
  });
  it('then an empty message, a message too long, and a missing cost', () => {
    expect(submitBlocker({ ...ready, bodyEn: '  ' })).toBe('emptyMessage');
    expect(submitBlocker({ ...ready, tooLong: true })).toBe('tooLong');
    expect(submitBlocker({ ...ready, quoted: false })).toBe('quoteFirst');
    expect(submitBlocker(ready)).toBeNull();
    expect(submitBlocker({ ...ready, bankLinked: undefined })).toBeNull();
  });
});

describe('parseNames and namesNotFound', () => {
  it('reads one name per line or comma-separated, each once, and picks the names the server did not find', () => {
    const names = parseNames('Lin Wei\n  Dana   Lee ,李明，lin wei\n\n');
    expect(names).toEqual(['Lin Wei', 'Dana Lee', '李明']);
    expect(namesNotFound(names, { 'names.1': 'Member name does not exist. Please re-enter the following' })).toEqual([
      'Dana Lee',
    ]);
    expect(namesNotFound(names, undefined)).toEqual([]);
  });
});
