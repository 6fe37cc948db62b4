import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TERMINAL_SETTINGS, type TTerminalSettings } from '@ra/shared/devices/devices.schemas';
import { deviceKeys } from '../api/query-keys.ts';
import {
  click,
  json,
  mount,
  serve,
  settle,
  setUpFormTests,
  waitFor,
  type TMounted,
} from '../../../test-support/form-harness.tsx';
import { TerminalSettingsForm } from './terminal-settings-form.tsx';

let view: TMounted;
setUpFormTests(() => view);

const answer = (s: Partial<TTerminalSettings>) => ({
  ...DEFAULT_TERMINAL_SETTINGS,
  ...s,
  updatedAt: '2026-03-14T18:00:00Z',
});
const tipSwitch = () => view.container.querySelector<HTMLButtonElement>('#tipEnabled')!;
const offlineLimit = () => view.container.querySelector<HTMLInputElement>('#offlineLimit')!;

describe('TerminalSettingsForm', { timeout: 30_000 }, () => {
  it('keeps edits not saved yet when the settings are fetched again, and shows the saved ones after Save', async () => {
    let onServer = answer({ offlinePaymentLimitCents: 10_000 });
    const calls = serve({
      'GET /api/devices/terminal-settings': () => json(onServer),
      'PUT /api/devices/terminal-settings': (body) => {
        onServer = answer(body as TTerminalSettings);
        return json(onServer);
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    view = await mount(<TerminalSettingsForm />, client);
    await waitFor(() => offlineLimit()?.value === '100.00');
    expect(tipSwitch().getAttribute('aria-checked')).toBe('true');

    // the manager turns tipping off; meanwhile another manager saved a new offline limit
    await click(tipSwitch());
    expect(tipSwitch().getAttribute('aria-checked')).toBe('false');
    onServer = answer({ offlinePaymentLimitCents: 5_000 });
    await client.invalidateQueries({ queryKey: deviceKeys.terminalSettings() });
    await settle(200);
    expect(calls.filter((c) => c.key === 'GET /api/devices/terminal-settings')).toHaveLength(2);
    // the refetch did not undo the switch, nor change the field under the manager's eyes
    expect(tipSwitch().getAttribute('aria-checked')).toBe('false');
    expect(offlineLimit().value).toBe('100.00');

    await click(view.container.querySelector('button[type="submit"]')!);
    await waitFor(() => calls.some((c) => c.key === 'PUT /api/devices/terminal-settings'));
    expect(calls.find((c) => c.key === 'PUT /api/devices/terminal-settings')!.body).toMatchObject({
      tipEnabled: false,
      offlinePaymentLimitCents: 10_000,
    });
    await settle(200);
    expect(tipSwitch().getAttribute('aria-checked')).toBe('false');

    // saved, so the next refetch fills the form again
    onServer = answer({ tipEnabled: false, offlinePaymentLimitCents: 7_500 });
    await client.invalidateQueries({ queryKey: deviceKeys.terminalSettings() });
    await waitFor(() => offlineLimit().value === '75.00');
    expect(offlineLimit().value).toBe('75.00');
  });
});
