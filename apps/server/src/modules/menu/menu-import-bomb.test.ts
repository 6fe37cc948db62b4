import { afterAll, describe, expect, it } from 'vitest';
import { MENU_MESSAGES } from '@ra/shared/menu/menu.messages';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { xlsxBomb } from '../../lib/zip-bomb.test-support.ts';
import { as, createTestContext, tokenFor } from '../../../test/helper.ts';

/**
 * The menu import refuses a zip bomb (an XLSX of about 300 KB holding a 300 MB sheet) before the
 * workbook library unpacks it: from the archive's directory when the sizes are declared, by a
 * counted inflate when they lie (lib/zip-guard.ts). It used to take half a minute and 2.6 GB.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());
const owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
const MB = 1024 * 1024;

const menuExport = async () => (await owner({ method: 'GET', url: '/api/api/menu/export' })).rawPayload;
const menuNow = async () =>
  Promise.all(
    ['/api/api/menu/items?pageSize=100', '/api/api/menu/categories', '/api/api/menu/modifier-groups'].map(
      async (url) => (await owner({ method: 'GET', url })).body,
    ),
  );

describe('a zip bomb in the menu import', () => {
  it.each([
    ['declaring its 300 MB', false],
    ['claiming to be 1 KB', true],
  ] as const)('is a 400 for the preview and the import, %s, and nothing changes', async (_, lie) => {
    const file = (await xlsxBomb(300 * MB, { lie })).toString('base64');
    const before = await menuNow();
    for (const url of ['/api/api/menu/import/preview', '/api/api/menu/import/apply']) {
      const res = await owner({ method: 'POST', url, payload: { file } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        code: 40000,
        key: 'menu.importUnpacksTooLarge',
        message: MENU_MESSAGES['menu.importUnpacksTooLarge'].en,
      });
    }
    expect(await menuNow()).toEqual(before);
  });

  it('still imports a real export', async () => {
    const file = (await menuExport()).toString('base64');
    const res = await owner({ method: 'POST', url: '/api/api/menu/import/preview', payload: { file } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ valid: true });
  });
});
