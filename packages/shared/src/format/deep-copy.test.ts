import { describe, expect, it } from 'vitest';
import { BilingualError } from './bilingual-error.ts';
import { DeepCloneArgumentError, deepClone } from './deep-copy.ts';

describe('deepClone', () => {
  it('copies nested objects so changing the copy leaves the source alone', () => {
    const source = { restaurant: { name: 'Golden Dragon', hours: { open: '09:00' } } };
    const copy = deepClone(source);
    copy.restaurant.hours.open = '10:00';
    expect(source.restaurant.hours.open).toBe('09:00');
    expect(copy).toEqual({ restaurant: { name: 'Golden Dragon', hours: { open: '10:00' } } });
  });

  it('copies arrays, including arrays of objects', () => {
    const source = [
      { item_id: 1, modifiers: ['spicy'] },
      { item_id: 2, modifiers: [] as string[] },
    ];
    const copy = deepClone(source);
    expect(Array.isArray(copy)).toBe(true);
    expect(copy).toEqual(source);
    copy[0]?.modifiers.push('mild');
    expect(source[0]?.modifiers).toEqual(['spicy']);
    expect(copy[1]).not.toBe(source[1]);
  });

  it('copies Dates as new Dates with the same time', () => {
    const source = { createdAt: new Date('2024-01-05T03:04:05Z') };
    const copy = deepClone(source);
    expect(copy.createdAt).toBeInstanceOf(Date);
    expect(copy.createdAt).not.toBe(source.createdAt);
    expect(copy.createdAt.getTime()).toBe(source.createdAt.getTime());
  });

  it('copies a top-level Date', () => {
    const source = new Date(0);
    const copy = deepClone(source);
    expect(copy).not.toBe(source);
    expect(copy.getTime()).toBe(0);
  });

  it('copies Maps, Sets and RegExps', () => {
    const source = { byId: new Map([[1, { name: 'a' }]]), tags: new Set(['x']), pattern: /^\d+$/g };
    const copy = deepClone(source);
    expect(copy.byId.get(1)).toEqual({ name: 'a' });
    expect(copy.byId.get(1)).not.toBe(source.byId.get(1));
    copy.tags.add('y');
    expect(source.tags.has('y')).toBe(false);
    expect(copy.pattern).not.toBe(source.pattern);
    expect(copy.pattern.flags).toBe('g');
  });

  it('keeps primitives, null, undefined and functions inside the object', () => {
    const onClick = () => 1;
    const source = { n: 1, s: 's', b: false, nothing: null, missing: undefined, onClick };
    const copy = deepClone(source);
    expect(copy).toEqual(source);
    expect('missing' in copy).toBe(true);
    expect(copy.onClick).toBe(onClick);
  });

  it('keeps the prototype of class instances', () => {
    class Price {
      constructor(public cents: number) {}
    }
    const copy = deepClone({ price: new Price(150) });
    expect(copy.price).toBeInstanceOf(Price);
    expect(copy.price.cents).toBe(150);
  });

  it('reproduces cycles instead of recursing forever', () => {
    const source: { name: string; self?: unknown } = { name: 'node' };
    source.self = source;
    const copy = deepClone(source);
    expect(copy.self).toBe(copy);
    expect(copy).not.toBe(source);
  });

  it('keeps shared references shared in the copy', () => {
    const shared = { id: 1 };
    const copy = deepClone({ a: shared, b: shared });
    expect(copy.a).toBe(copy.b);
    expect(copy.a).not.toBe(shared);
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['a string', 'text'],
    ['a boolean', true],
    ['a function', () => ({})],
  ])('throws "error arguments" for %s', (_, argument) => {
    expect(() => deepClone(argument as never)).toThrow(DeepCloneArgumentError);
    expect(() => deepClone(argument as never)).toThrow('error arguments');
  });

  it('gives the argument error a Chinese message as well', () => {
    const error = new DeepCloneArgumentError();
    expect(error).toBeInstanceOf(BilingualError);
    expect(error.messages).toEqual({ en: 'error arguments', zh: '参数错误' });
    expect(error.name).toBe('DeepCloneArgumentError');
  });
});
