import type { TDeviceListQuery } from '@ra/shared/devices/devices.schemas';

/** One place for the devices cache keys, so every mutation invalidates exactly what it changes. */
export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => ['devices', 'list'] as const,
  list: (query: TDeviceListQuery) => ['devices', 'list', query] as const,
  detail: (id: number) => ['devices', 'detail', id] as const,
  terminalSettings: () => ['devices', 'terminal-settings'] as const,
};
