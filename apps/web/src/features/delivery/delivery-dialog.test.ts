// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deliveryDialogSearch, parseDeliveryDialog, pauseUntil } from './delivery-dialog.ts';

describe(parseDeliveryDialog.name, () => {
  it('reads and writes the open panel', () => {
    const dialog = parseDeliveryDialog(new URLSearchParams('settings=ubereats'));
    expect(dialog).toEqual({ kind: 'settings', platform: 'ubereats' });
    expect(deliveryDialogSearch(dialog).toString()).toBe('settings=ubereats');
    expect(parseDeliveryDialog(new URLSearchParams('problems=grubhub'))).toEqual({
      kind: 'problems',
      platform: 'grubhub',
    });
    const refused = parseDeliveryDialog(new URLSearchParams('refused=doordash'));
    expect(refused).toEqual({ kind: 'refused', platform: 'doordash' });
    expect(deliveryDialogSearch(refused).toString()).toBe('refused=doordash');
  });

  it('ignores an unknown platform', () => {
    expect(parseDeliveryDialog(new URLSearchParams('settings=seamless'))).toBeNull();
  });
});

describe(pauseUntil.name, () => {
  it('ends a timed pause by the server clock and leaves an open-ended one without an end', () => {
    expect(pauseUntil('30m', '2026-03-14T23:30:00.000Z')).toBe('2026-03-15T00:00:00.000Z');
    expect(pauseUntil('2h', '2026-03-14T23:30:00.000Z')).toBe('2026-03-15T01:30:00.000Z');
    expect(pauseUntil('indefinite', '2026-03-14T23:30:00.000Z')).toBeUndefined();
  });
});
