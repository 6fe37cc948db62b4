import { describe, expect, it } from 'vitest';
import { ItemForm } from './item-form.tsx';
import {
  click,
  json,
  mount,
  serve,
  settle,
  setUpFormTests,
  type,
  waitFor,
  type TMounted,
} from '../../../test-support/form-harness.tsx';

let view: TMounted;
setUpFormTests(() => view);

const input = (id: string) => view.container.querySelector<HTMLInputElement>(`#${id}`)!;

describe('ItemForm tax rate', { timeout: 60_000 }, () => {
  it('takes 8.875% and sends 8875 thousandths of a percent, showing the 10.1% default until then', async () => {
    const calls = serve({
      'GET /api/menu/printers': () => json({ printers: ['Kitchen'] }),
      'GET /api/menu/categories': () => json({ categories: [], defaultTaxRateMilliPercent: 10_100 }),
      'GET /api/menu/modifier-groups': () => json({ groups: [] }),
      'POST /api/menu/items': () => json({ id: 7, version: 1 }),
    });
    view = await mount(<ItemForm itemId={null} />);
    await waitFor(() => !!view.container.querySelector('#taxRateMilliPercent'));
    await settle(200);
    expect(input('taxRateMilliPercent').placeholder).toBe('10.1%');

    await type(input('itemId'), 'T-NYC');
    await type(input('name'), 'Pastrami on rye');
    await type(input('printName'), 'PASTRAMI');
    await type(input('priceCents'), '18.50');
    await type(input('taxRateMilliPercent'), '8.875');
    await click(view.container.querySelector('button[type="submit"]')!);
    await waitFor(() => calls.some((c) => c.key === 'POST /api/menu/items'));

    const sent = calls.find((c) => c.key === 'POST /api/menu/items')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ itemId: 'T-NYC', priceCents: 1850, taxRateMilliPercent: 8875 });
  });
});
