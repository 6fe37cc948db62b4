import type { TMenuChannel } from '@ra/shared/menu/menu.schemas';

/** One place for the menu cache keys, so every mutation invalidates exactly what it changes. */
export const menuKeys = {
  all: ['menu'] as const,
  items: () => ['menu', 'items'] as const,
  library: (query: Record<string, unknown>) => ['menu', 'items', 'list', query] as const,
  item: (id: number) => ['menu', 'items', id] as const,
  versions: (id: number) => ['menu', 'items', id, 'versions'] as const,
  scheduled: (itemId?: number) => ['menu', 'scheduled', itemId ?? 'all'] as const,
  categories: () => ['menu', 'categories'] as const,
  menuGroups: () => ['menu', 'menuGroups'] as const,
  modifierGroups: () => ['menu', 'modifierGroups'] as const,
  printers: () => ['menu', 'printers'] as const,
  images: () => ['menu', 'images'] as const,
  imagePage: (page: number) => ['menu', 'images', page] as const,
  mapping: (channel: TMenuChannel) => ['menu', 'mapping', channel] as const,
};
