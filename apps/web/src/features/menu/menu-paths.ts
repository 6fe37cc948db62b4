import { MAX_INT32 } from '../../lib/url-params.ts';

/** Where the menu editor's pages live (route-table.tsx, SPEC 2 "/menu ... Hidden pages"). */
export const ITEM_LIBRARY_PATH = '/menu/newItemLibrary';
export const CATEGORY_PATH = '/category';
export const MENU_GROUP_PATH = '/menugroup';
export const MODIFIER_GROUP_PATH = '/modifiergroup';
export const MENU_MAPPING_PATH = '/menu/menuMapping';
export const IMAGE_LIBRARY_PATH = '/menu/imageLibrary';

export const addItemPath = (copyOf?: number) => (copyOf ? `/AddItem?copy=${copyOf}` : '/AddItem');
export const editItemPath = (id: number) => `/EditItem?id=${id}`;

/** The tabs across the top of the menu editor, in the order a restaurant builds its menu. */
export const MENU_EDITOR_TABS = [
  { key: 'items', path: ITEM_LIBRARY_PATH },
  { key: 'categories', path: CATEGORY_PATH },
  { key: 'menuGroups', path: MENU_GROUP_PATH },
  { key: 'modifierGroups', path: MODIFIER_GROUP_PATH },
  { key: 'images', path: IMAGE_LIBRARY_PATH },
] as const;

/** ?id=12 -> 12; anything else (absent, 'abc', '-1', too big) -> null. */
export function idParam(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_INT32 ? id : null;
}
