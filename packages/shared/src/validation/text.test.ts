import { describe, expect, it } from 'vitest';
import { INPUT_MESSAGES } from './input.messages.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { INVALID_CHARACTERS_MESSAGE, isStorableText, zText, ZText } from './text.ts';

describe('isStorableText', () => {
  it.each([
    ['plain text', 'Mei Wong'],
    ['Chinese', '金龙餐厅'],
    ['an emoji (a surrogate pair)', 'Oysters 🦪'],
    ['tabs and new lines', 'line one\n\tline two'],
    ['an empty string', ''],
  ])('accepts %s', (_, value) => {
    expect(isStorableText(value)).toBe(true);
  });

  it.each([
    ['a NUL character', 'Mei\u0000'],
    ['a lone high surrogate at the end', 'Mei\ud800'],
    ['a lone high surrogate before a letter', '\ud800x'],
    ['a lone low surrogate', '\udc00x'],
    ['two high surrogates in a row', '\ud83c\ud83c'],
    ['an emoji cut in half after a whole one', '🦪\ud83e'],
  ])('refuses %s', (_, value) => {
    expect(isStorableText(value)).toBe(false);
  });

  it('gives the same answer on repeated calls (the pattern is not global)', () => {
    expect([isStorableText('a\u0000'), isStorableText('a\u0000')]).toEqual([false, false]);
  });
});

describe('zText', () => {
  const ZName = zText({ error: 'Please enter the name' }).trim().min(1, 'Please enter the name').max(5, 'Too long');

  it('keeps the rules chained after it', () => {
    expect(ZName.parse('  Mei ')).toBe('Mei');
    expect(ZName.safeParse('   ').error?.issues[0]?.message).toBe('Please enter the name');
    expect(ZName.safeParse('abcdefg').error?.issues[0]?.message).toBe('Too long');
    expect(ZName.safeParse(undefined).error?.issues[0]?.message).toBe('Please enter the name');
  });

  it('refuses unstorable characters with its own message only, whatever else is wrong', () => {
    const issues = ZName.safeParse(`${'x'.repeat(10)}\u0000`).error?.issues;
    expect(issues?.map((issue) => issue.message)).toEqual([INVALID_CHARACTERS_MESSAGE]);
  });

  it('refuses them inside objects, under the field', () => {
    const result = ZText.array().safeParse(['ok', 'Mei\ud800']);
    expect(result.error?.issues[0]).toMatchObject({ path: [1], message: INVALID_CHARACTERS_MESSAGE });
  });

  it('words the refusal in both languages, in the shared validation catalogue', () => {
    expect(VALIDATION_MESSAGES['validation.invalidCharacters']).toBe(INPUT_MESSAGES['validation.invalidCharacters']);
    expect(INPUT_MESSAGES['validation.invalidCharacters'].en).toBe(INVALID_CHARACTERS_MESSAGE);
    expect(INPUT_MESSAGES['validation.invalidCharacters'].zh).toMatch(/[\u4e00-\u9fff]/);
  });
});
