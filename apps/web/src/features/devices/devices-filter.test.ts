// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { devicesSearch, parseDevicesSearch, sinceLastVisit } from './devices-filter.ts';

describe(parseDevicesSearch.name, () => {
  it('reads filters, page and the open dialog from the URL and writes them back', () => {
    const search = new URLSearchParams('type=kiosk&status=offline&q=lobby&page=2&pageSize=50&device=7');
    const state = parseDevicesSearch(search);
    expect(state).toEqual({
      query: { type: 'kiosk', status: 'offline', q: 'lobby', page: 2, pageSize: 50 },
      dialog: { kind: 'device', id: 7 },
    });
    expect(devicesSearch(state).toString()).toBe(search.toString());
  });

  it('falls back safely on anything it does not know', () => {
    expect(parseDevicesSearch(new URLSearchParams('type=toaster&status=x&page=-3&pageSize=7&device=abc'))).toEqual({
      query: { type: undefined, status: undefined, q: undefined, page: 1, pageSize: 20 },
      dialog: null,
    });
  });

  it('keeps the pairing dialog in the URL', () => {
    const state = parseDevicesSearch(new URLSearchParams('pair=1'));
    expect(state.dialog).toEqual({ kind: 'pair' });
    expect(devicesSearch(state).toString()).toBe('pair=1');
  });
});

describe(sinceLastVisit.name, () => {
  const server = '2026-03-14T23:30:00.000Z';
  it('says seconds, minutes, hours, or gives up for a date', () => {
    expect(sinceLastVisit('2026-03-14T23:29:48.000Z', server)).toEqual({ unit: 'seconds', value: 12 });
    expect(sinceLastVisit('2026-03-14T23:27:00.000Z', server)).toEqual({ unit: 'minutes', value: 3 });
    expect(sinceLastVisit('2026-03-14T21:00:00.000Z', server)).toEqual({ unit: 'hours', value: 2 });
    expect(sinceLastVisit('2026-03-12T21:00:00.000Z', server).unit).toBe('date');
    expect(sinceLastVisit(null, server).unit).toBe('never');
  });
});
