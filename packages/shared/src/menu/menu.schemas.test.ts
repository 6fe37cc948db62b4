import { describe, expect, it } from 'vitest';
import { MENU_MESSAGES, translateMenuMessage, menuMessage } from './menu.messages.ts';
import {
  ZBulkEditRequest,
  ZCategoryInput,
  ZItemInput,
  ZLibraryQuery,
  ZModifierGroupInput,
  ZScheduleRequest,
  ZSoldOutRequest,
} from './menu.schemas.ts';

const validItem = {
  itemId: 'A1',
  name: 'Clam chowder',
  printName: 'CHOWDER',
  priceCents: 950,
  printers: ['Kitchen'],
};

/** The first message under each failing field. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('ZItemInput', () => {
  it('accepts an item with only the required fields and fills the defaults', () => {
    const parsed = ZItemInput.parse(validItem);
    expect(parsed.channels.pos).toEqual({ visible: true, priceCents: null });
    expect(parsed.channels.thirdParty.visible).toBe(true);
    expect(parsed.minOrderQty).toBe(1);
    expect(parsed.dishHours).toBe('');
  });

  it('answers each missing required field with the SPEC wording', () => {
    const m = messages(ZItemInput.safeParse({ printers: ['Kitchen'] }));
    expect(m.itemId).toBe('Please enter the item_id');
    expect(m.name).toBe('Please enter the name');
    expect(m.printName).toBe('Please enter the print name');
    expect(m.priceCents).toBe('Please enter the price');
  });

  it('reads blank text as missing', () => {
    const m = messages(ZItemInput.safeParse({ ...validItem, name: '   ', itemId: ' ' }));
    expect(m.name).toBe('Please enter the name');
    expect(m.itemId).toBe('Please enter the item_id');
  });

  it('limits the subtitle to 80 and the description to 300 letters', () => {
    expect(ZItemInput.safeParse({ ...validItem, subtitle: 'x'.repeat(80), description: 'y'.repeat(300) }).success).toBe(
      true,
    );
    const m = messages(ZItemInput.safeParse({ ...validItem, subtitle: 'x'.repeat(81), description: 'y'.repeat(301) }));
    expect(m.subtitle).toBe(MENU_MESSAGES['menu.subtitleTooLong'].en);
    expect(m.description).toBe(MENU_MESSAGES['menu.descriptionTooLong'].en);
  });

  it('asks for dish hours with days when they cannot be read', () => {
    expect(messages(ZItemInput.safeParse({ ...validItem, dishHours: '07:00-11:00' })).dishHours).toBe(
      'Please input Menu Dish Hour with Days',
    );
    expect(ZItemInput.safeParse({ ...validItem, dishHours: '07:00-11:00;1-5' }).success).toBe(true);
  });

  it('asks for printers when the item goes to the kitchen', () => {
    expect(messages(ZItemInput.safeParse({ ...validItem, printers: [] })).printers).toBe('Please input printers');
    expect(ZItemInput.safeParse({ ...validItem, printers: [], openKitchen: false }).success).toBe(true);
  });

  it('checks options: choices, their prices and linked items', () => {
    const option = { index: 0, name: 'Size', items: [] as unknown[] };
    expect(messages(ZItemInput.safeParse({ ...validItem, options: [option] }))['options.0.items']).toBe(
      'Please select an option',
    );
    const m = messages(
      ZItemInput.safeParse({
        ...validItem,
        options: [{ ...option, items: [{ name: 'Cup' }, { name: 'Bowl', priceCents: 200, linked: true }] }],
      }),
    );
    expect(m['options.0.items.0.priceCents']).toBe('Please input price');
    expect(m['options.0.items.1.linkedWithDBID']).toBe('Please input linkedWithDBID');
  });

  it('asks for a channel price as a price', () => {
    const m = messages(ZItemInput.safeParse({ ...validItem, channels: { online: { visible: true, priceCents: -1 } } }));
    expect(m['channels.online.priceCents']).toBe(MENU_MESSAGES['menu.priceInvalid'].en);
  });

  it('refuses a cover that is not among the images and fractions of a cent', () => {
    const m = messages(ZItemInput.safeParse({ ...validItem, imageIds: [1, 2], coverImageId: 3 }));
    expect(m.coverImageId).toBe(MENU_MESSAGES['menu.coverNotAmongImages'].en);
    expect(messages(ZItemInput.safeParse({ ...validItem, priceCents: 9.5 })).priceCents).toBe(
      MENU_MESSAGES['menu.priceInvalid'].en,
    );
  });
});

describe('ZModifierGroupInput', () => {
  const group = { name: 'Wing sauces', modifiers: [{ name: 'Buffalo', priceCents: 0 }] };

  it('takes "choose 6, at most 3 different, 2 free"', () => {
    const parsed = ZModifierGroupInput.parse({
      ...group,
      required: true,
      minSelections: 6,
      maxSelections: 6,
      maxDifferent: 3,
      freeSelections: 2,
    });
    expect(parsed.maxDifferent).toBe(3);
  });

  it('refuses a minimum above the maximum, more free than the maximum, and a required group without a minimum', () => {
    const m = messages(
      ZModifierGroupInput.safeParse({
        ...group,
        required: true,
        minSelections: 0,
        maxSelections: 2,
        freeSelections: 3,
      }),
    );
    expect(m.freeSelections).toBe(MENU_MESSAGES['menu.freeAboveMax'].en);
    expect(m.minSelections).toBe(MENU_MESSAGES['menu.requiredNeedsMin'].en);
    expect(
      messages(ZModifierGroupInput.safeParse({ ...group, minSelections: 3, maxSelections: 2 })).minSelections,
    ).toBe(MENU_MESSAGES['menu.minAboveMax'].en);
  });

  it('needs modifiers with prices', () => {
    expect(messages(ZModifierGroupInput.safeParse({ ...group, modifiers: [] })).modifiers).toBe(
      MENU_MESSAGES['menu.modifiersRequired'].en,
    );
    expect(
      messages(ZModifierGroupInput.safeParse({ ...group, modifiers: [{ name: 'Ranch' }] }))['modifiers.0.priceCents'],
    ).toBe('Please input price');
  });
});

describe('library, sold out, bulk and schedule requests', () => {
  it('reads the library query from the URL', () => {
    expect(ZLibraryQuery.parse({ q: ' gbjd ', soldOut: 'true', minCents: '100', page: '2' })).toMatchObject({
      q: 'gbjd',
      soldOut: true,
      minCents: 100,
      page: 2,
      pageSize: 50,
      sort: 'sort',
    });
    expect(ZLibraryQuery.safeParse({ minCents: '500', maxCents: '100' }).success).toBe(false);
  });

  it('marks sold out until the end of the business day unless told otherwise', () => {
    expect(ZSoldOutRequest.parse({ ids: [1], soldOut: true }).until).toBe('endOfDay');
    expect(ZSoldOutRequest.parse({ ids: [1], soldOut: true, until: null }).until).toBeNull();
    expect(messages(ZSoldOutRequest.safeParse({ ids: [], soldOut: true })).ids).toBe('Please select items first');
  });

  it('takes the three price changes and refuses an unknown kind or repeated ids', () => {
    for (const mode of ['set', 'amount', 'percent']) {
      expect(ZBulkEditRequest.safeParse({ ids: [1, 2], change: { kind: 'price', mode, value: -100 } }).success).toBe(
        true,
      );
    }
    expect(ZBulkEditRequest.safeParse({ ids: [1], change: { kind: 'colour' } }).success).toBe(false);
    expect(
      messages(ZBulkEditRequest.safeParse({ ids: [1, 1], change: { kind: 'taxRate', taxRateMilliPercent: 800 } })).ids,
    ).toBe(MENU_MESSAGES['menu.duplicateIds'].en);
  });

  it('refuses a scheduled change that changes nothing', () => {
    expect(ZScheduleRequest.safeParse({ ids: [1], at: '2026-03-15T09:00:00-04:00', change: {} }).success).toBe(false);
    expect(
      ZScheduleRequest.safeParse({ ids: [1], at: '2026-03-15T09:00:00-04:00', change: { priceCents: 1200 } }).success,
    ).toBe(true);
  });
});

describe('translateMenuMessage', () => {
  it('translates the SPEC messages and those naming a path or a row', () => {
    expect(translateMenuMessage('Please enter the print name', 'zh')).toBe('请输入打印名称');
    const loop = menuMessage('menu.nestingLoop', 'en', { path: 'Wings › Sauce › Wings' });
    expect(translateMenuMessage(loop, 'zh')).toBe('配料组不能直接或通过其他配料组打开自身：Wings › Sauce › Wings');
    const row = menuMessage('menu.importRow', 'en', { sheet: 'Items', row: 7, message: 'Please enter the price' });
    expect(row).toBe('Sheet Items, row 7: Please enter the price');
    expect(translateMenuMessage(row, 'zh')).toBe('工作表 Items 第 7 行：请输入价格');
    expect(translateMenuMessage('Something else', 'zh')).toBe('Something else');
  });
});

describe('tax rates in thousandths of a percent', () => {
  const TAX_MESSAGE = 'Enter a tax rate from 0 to 100 with at most three decimals (e.g. 8.875)';

  it('accepts 8.875% (8875) on an item, a category and a bulk edit', () => {
    expect(ZItemInput.parse({ ...validItem, taxRateMilliPercent: 8875 }).taxRateMilliPercent).toBe(8875);
    expect(ZItemInput.parse({ ...validItem, taxRateMilliPercent: 100_000 }).taxRateMilliPercent).toBe(100_000);
    expect(ZItemInput.parse(validItem).taxRateMilliPercent).toBeNull();
    expect(ZCategoryInput.parse({ name: 'Drinks', taxRateMilliPercent: 9375 }).taxRateMilliPercent).toBe(9375);
    expect(
      ZBulkEditRequest.parse({ ids: [1], change: { kind: 'taxRate', taxRateMilliPercent: 10250 } }).change,
    ).toEqual({ kind: 'taxRate', taxRateMilliPercent: 10250 });
  });

  it('refuses 8.8755% (four decimals), more than 100% and below 0 with the message', () => {
    for (const rate of [8875.5, 100_001, -1]) {
      expect(messages(ZItemInput.safeParse({ ...validItem, taxRateMilliPercent: rate })).taxRateMilliPercent).toBe(
        TAX_MESSAGE,
      );
      expect(
        messages(ZCategoryInput.safeParse({ name: 'Drinks', taxRateMilliPercent: rate })).taxRateMilliPercent,
      ).toBe(TAX_MESSAGE);
    }
    expect(
      ZBulkEditRequest.safeParse({ ids: [1], change: { kind: 'taxRate', taxRateMilliPercent: 8875.5 } }).success,
    ).toBe(false);
  });

  it('says it in Chinese, also inside an import row', () => {
    expect(translateMenuMessage(TAX_MESSAGE, 'zh')).toBe('请输入 0 到 100 之间、最多三位小数的税率（例如 8.875）');
    expect(translateMenuMessage(`Sheet Items, row 7: ${TAX_MESSAGE}`, 'zh')).toBe(
      '工作表 Items 第 7 行：请输入 0 到 100 之间、最多三位小数的税率（例如 8.875）',
    );
  });
});
