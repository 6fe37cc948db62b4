import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { exportQuery } from './export-report.ts';

const range = { preset: 'thisMonth' as const, from: '2026-03-01', to: '2026-03-31' };

beforeAll(async () => {
  await initI18n('zh');
});

describe('server export query', () => {
  it('asks for the file in the language the screen is in, with the list’s order', () => {
    const query = exportQuery(range, 'xlsx', { sort: 'amountCents', order: 'asc' });
    expect(Object.fromEntries(query)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      preset: 'thisMonth',
      compare: 'true',
      sort: 'amountCents',
      order: 'asc',
      format: 'xlsx',
      lang: 'zh',
    });
  });
});
