import { describe, expect, it } from 'vitest';
import { itemProblems, newItemValues, toItemRequest } from './item-form-values.ts';
import { selectionRuleText } from './modifier-group-values.ts';

describe('item form values', () => {
  it('refuses an empty new item with the SPEC’s words', () => {
    const problems = itemProblems(newItemValues());
    expect(problems.itemId).toBe('Please enter the item_id');
    expect(problems.name).toBe('Please enter the name');
    expect(problems.printName).toBe('Please enter the print name');
    expect(problems.priceCents).toBe('Please enter the price');
  });

  it('accepts a complete item and refuses a subtitle over 80 letters and bad dish hours', () => {
    const ok = { ...newItemValues(), itemId: 'HB-1', name: 'Clam chowder', printName: 'CHOWDER', priceCents: 895 };
    expect(itemProblems(ok)).toEqual({});
    expect(itemProblems({ ...ok, subtitle: 'x'.repeat(81) }).subtitle).toBe('The subtitle can be at most 80 letters');
    expect(itemProblems({ ...ok, dishHours: '25:00-11:00;1-5' }).dishHours).toBe(
      'Please input Menu Dish Hour with Days',
    );
    expect(itemProblems({ ...ok, printers: [] }).printers).toBe('Please input printers');
  });

  it('names a linked option choice without its linkedWithDBID', () => {
    const item = {
      ...newItemValues(),
      itemId: 'HB-2',
      name: 'Steak',
      printName: 'STEAK',
      priceCents: 2900,
      options: [
        {
          index: 0,
          name: 'Side',
          items: [{ name: 'Fries', priceCents: 0, linked: true, linkedWithDBID: null }],
          required: true,
          visibleToCustomer: true,
          step: 0,
          goto: null,
          minChosen: 1,
          maxChosen: 1,
        },
      ],
    };
    expect(itemProblems(item)['options.0.items.0.linkedWithDBID']).toBe('Please input linkedWithDBID');
  });

  it('numbers options by their place, drops a goto to a removed option and keeps the cover among the images', () => {
    const option = {
      name: 'A',
      items: [],
      required: false,
      visibleToCustomer: true,
      step: 0,
      goto: 5,
      minChosen: 0,
      maxChosen: null,
      index: 9,
    };
    const body = toItemRequest({
      ...newItemValues(),
      options: [option, { ...option, goto: 0 }],
      imageIds: [4, 5],
      coverImageId: 9,
    });
    expect(body.options?.map((o) => [o.index, o.goto])).toEqual([
      [0, null],
      [1, 0],
    ]);
    expect(body.coverImageId).toBe(4);
  });
});

describe('modifier group rule in words', () => {
  const words = {
    exactly: (n: number) => `Choose ${n}`,
    upTo: (n: number) => `Up to ${n}`,
    between: (a: number, b: number) => `Choose ${a} to ${b}`,
    atLeast: (n: number) => `At least ${n}`,
    any: 'Any number',
    different: (n: number) => `at most ${n} different`,
    free: (n: number) => `first ${n} free`,
    required: 'Required',
    optional: 'Optional',
  };
  it('reads "choose 6 wing sauces, at most 3 different"', () => {
    expect(
      selectionRuleText(
        { required: true, minSelections: 6, maxSelections: 6, maxDifferent: 3, freeSelections: 2 },
        words,
      ),
    ).toBe('Required · Choose 6 · at most 3 different · first 2 free');
    expect(
      selectionRuleText(
        { required: false, minSelections: 0, maxSelections: null, maxDifferent: null, freeSelections: 0 },
        words,
      ),
    ).toBe('Optional · Any number');
  });
});
