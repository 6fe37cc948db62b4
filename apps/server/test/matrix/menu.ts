import { as } from '../helper.ts';
import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the menu domain's routes (see ../authorization-matrix.test.ts). */
export async function menuBuilders(env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  const owner = as(env.app, await env.tokenFor('owner@demo.test'));
  const post = async (path: string, payload: Record<string, unknown>) => {
    const res = await owner({ method: 'POST', url: `/api/api/menu/${path}`, payload });
    if (res.statusCode !== 200) throw new Error(`matrix: menu set-up ${path} failed: ${res.body}`);
    return res.json() as { id: number };
  };
  // Harbor-only names: another restaurant's owner must never see them.
  env.homeMarkers.push('Harbor mule', 'Matrix Menu Tart');
  const item = (itemId: string, name = 'Matrix Menu Tart') => ({
    itemId,
    name,
    printName: 'MTART',
    priceCents: 900,
    printers: ['Kitchen'],
  });

  const category = await post('categories', { name: 'Matrix Menu Category' });
  const doomedCategory = await post('categories', { name: 'Matrix Menu Doomed' });
  const tart = await post('items', { ...item('M-TART'), categoryId: category.id });
  const doomedItem = await post('items', item('M-DOOM', 'Matrix Menu Doomed item'));
  const group = await post('modifier-groups', {
    name: 'Matrix Menu Sauce',
    modifiers: [{ name: 'Matrix dip', priceCents: 0 }],
  });
  const doomedGroup = await post('modifier-groups', {
    name: 'Matrix Menu Doomed group',
    modifiers: [{ name: 'x', priceCents: 0 }],
  });
  const menuGroup = await post('groups', { name: 'Matrix Menu Group', categoryIds: [category.id] });
  const scheduled = await post('scheduled', {
    ids: [tart.id],
    at: '2026-12-01T09:00:00-05:00',
    change: { priceCents: 950 },
  });
  const version = (await owner({ method: 'GET', url: `/api/api/menu/items/${tart.id}/versions` })).json().versions[0]
    .version as number;
  const exportFile = (await owner({ method: 'GET', url: '/api/api/menu/export' })).rawPayload.toString('base64');

  const u = (path: string) => `/api/api/menu/${path}`;
  const ids = [tart.id];
  const cross404: TBuilder['crossTenant'] = [404];
  return {
    'GET /api/api/menu/categories': { build: () => ({ url: u('categories') }) },
    'POST /api/api/menu/categories': {
      build: (c) => ({ url: u('categories'), payload: { name: `Matrix new category ${c}` } }),
    },
    'PUT /api/api/menu/categories/:id': {
      build: () => ({ url: u(`categories/${category.id}`), payload: { name: 'Matrix Menu Category' } }),
    },
    'DELETE /api/api/menu/categories/:id': { build: () => ({ url: u(`categories/${doomedCategory.id}`) }) },
    'GET /api/api/menu/categories/:id/usage': { build: () => ({ url: u(`categories/${category.id}/usage`) }) },
    // A full order of Harbor's categories is never another restaurant's: refused as incomplete (400).
    'POST /api/api/menu/categories/reorder': {
      build: () => ({ url: u('categories/reorder'), payload: { ids: [category.id] } }),
      crossTenant: [400],
    },

    'GET /api/api/menu/groups': { build: () => ({ url: u('groups') }) },
    'POST /api/api/menu/groups': {
      build: () => ({ url: u('groups'), payload: { name: 'Matrix new group', categoryIds: [category.id] } }),
      crossTenant: [400],
    },
    'PUT /api/api/menu/groups/:id': {
      build: () => ({ url: u(`groups/${menuGroup.id}`), payload: { name: 'Matrix Menu Group' } }),
    },
    'DELETE /api/api/menu/groups/:id': { build: () => ({ url: u(`groups/${menuGroup.id}`) }) },
    'POST /api/api/menu/groups/reorder': {
      build: () => ({ url: u('groups/reorder'), payload: { ids: [menuGroup.id] } }),
      crossTenant: [400],
    },

    'GET /api/api/menu/printers': { build: () => ({ url: u('printers') }) },
    'GET /api/api/menu/modifier-groups': { build: () => ({ url: u('modifier-groups') }) },
    'GET /api/api/menu/modifier-groups/:id': { build: () => ({ url: u(`modifier-groups/${group.id}`) }) },
    'POST /api/api/menu/modifier-groups': {
      build: (c) => ({
        url: u('modifier-groups'),
        payload: { name: `Matrix new sauce ${c}`, modifiers: [{ name: 'y', priceCents: 0 }], itemIds: ids },
      }),
      crossTenant: [400],
    },
    'PUT /api/api/menu/modifier-groups/:id': {
      build: () => ({
        url: u(`modifier-groups/${group.id}`),
        payload: { name: 'Matrix Menu Sauce', modifiers: [{ name: 'Matrix dip', priceCents: 0 }] },
      }),
    },
    'DELETE /api/api/menu/modifier-groups/:id': { build: () => ({ url: u(`modifier-groups/${doomedGroup.id}`) }) },
    'GET /api/api/menu/modifier-groups/:id/usage': { build: () => ({ url: u(`modifier-groups/${group.id}/usage`) }) },
    'POST /api/api/menu/modifier-groups/reorder': {
      build: () => ({ url: u('modifier-groups/reorder'), payload: { ids: [group.id] } }),
      crossTenant: [400],
    },

    'GET /api/api/menu/items': { build: () => ({ url: u('items'), query: { q: 'Matrix' } }) },
    'GET /api/api/menu/items/:id': { build: () => ({ url: u(`items/${tart.id}`) }) },
    'POST /api/api/menu/items': {
      build: (c) => ({ url: u('items'), payload: item(`M-NEW-${c}`, `Matrix new item ${c}`) }),
    },
    'PUT /api/api/menu/items/:id': {
      build: () => ({ url: u(`items/${tart.id}`), payload: { ...item('M-TART'), categoryId: category.id } }),
    },
    'DELETE /api/api/menu/items/:id': { build: () => ({ url: u(`items/${doomedItem.id}`) }) },
    'GET /api/api/menu/items/:id/usage': { build: () => ({ url: u(`items/${tart.id}/usage`) }) },
    'POST /api/api/menu/items/soldout': {
      build: () => ({ url: u('items/soldout'), payload: { ids, soldOut: false } }),
      crossTenant: cross404,
    },
    'POST /api/api/menu/items/reorder': {
      build: () => ({ url: u('items/reorder'), payload: { categoryId: category.id, ids } }),
      crossTenant: [400],
    },
    'POST /api/api/menu/items/bulk/preview': {
      build: () => ({
        url: u('items/bulk/preview'),
        payload: { ids, change: { kind: 'taxRate', taxRateMilliPercent: null } },
      }),
      crossTenant: cross404,
    },
    'POST /api/api/menu/items/bulk/apply': {
      build: () => ({
        url: u('items/bulk/apply'),
        payload: { ids, change: { kind: 'taxRate', taxRateMilliPercent: null } },
      }),
      crossTenant: cross404,
    },
    'GET /api/api/menu/items/:id/versions': { build: () => ({ url: u(`items/${tart.id}/versions`) }) },
    'POST /api/api/menu/items/:id/restore': {
      build: () => ({ url: u(`items/${tart.id}/restore`), payload: { version } }),
    },

    'GET /api/api/menu/scheduled': { build: () => ({ url: u('scheduled') }) },
    'POST /api/api/menu/scheduled': {
      build: () => ({
        url: u('scheduled'),
        payload: { ids, at: '2026-12-02T09:00:00-05:00', change: { soldOut: true } },
      }),
      crossTenant: cross404,
    },
    'DELETE /api/api/menu/scheduled/:id': { build: () => ({ url: u(`scheduled/${scheduled.id}`) }) },

    'GET /api/api/menu/mapping': { build: () => ({ url: u('mapping'), query: { channel: 'online' } }) },
    'PUT /api/api/menu/mapping': {
      build: () => ({
        url: u('mapping'),
        payload: {
          channel: 'kiosk',
          categories: [{ categoryId: category.id, visible: true, itemIds: ids }],
          prefixRules: [],
        },
      }),
      crossTenant: [400],
    },
    'GET /api/api/menu/published': { build: () => ({ url: u('published'), query: { channel: 'pos' } }) },

    'GET /api/api/menu/export': { build: () => ({ url: u('export') }) },
    // Harbor's own file, previewed by another restaurant, reads as adds there: nothing of Harbor's comes back
    // but names it carries itself, so the cross check uses a file without Harbor's markers.
    'POST /api/api/menu/import/preview': {
      build: (c) => ({
        url: u('import/preview'),
        payload: { file: c === 'home' ? exportFile : 'bm90IGEgd29ya2Jvb2s=' },
      }),
    },
    'POST /api/api/menu/import/apply': {
      build: (c) => ({ url: u('import/apply'), payload: { file: c === 'home' ? exportFile : 'bm90IGEgd29ya2Jvb2s=' } }),
    },
  };
}
