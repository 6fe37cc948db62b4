import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  json,
  mount as mountNode,
  setUpFormTests,
  waitFor as settleUntil,
  type TMounted,
} from '../../../test-support/form-harness.tsx';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { WorkHourSignatureSettings, flagChanges } from './work-hour-signature-settings.tsx';

vi.mock('../../../lib/feedback.ts', () => ({ showSuccessMessage: vi.fn() }));

/** getRestConfig answers from `config`; updateRestConfig records the call and changes it. */
function serve(config: Record<string, string>) {
  const updates: Array<{ name: string; value: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api/, '').split('?')[0];
      const body = init?.body ? (JSON.parse(String(init.body)) as { name: string; value: string }) : null;
      if (path === '/api/getRestConfig') return json({ name: body!.name, value: config[body!.name] ?? null });
      if (path === '/api/updateRestConfig') {
        updates.push(body!);
        config[body!.name] = body!.value;
        return json(body);
      }
      if (path === '/api/clearrestcacheLite') return json({ ok: true });
      return json({ code: 40400, message: 'Not found' }, 404);
    }),
  );
  return updates;
}

/** Waits for `check`, then holds it to be true. */
async function waitFor(check: () => boolean) {
  await settleUntil(check);
  expect(check()).toBe(true);
}

let mounted: TMounted | undefined;
async function mount() {
  mounted = await mountNode(<WorkHourSignatureSettings />);
  return mounted.container;
}

setUpFormTests(() => mounted);

const switchFor = (view: HTMLElement, label: string) => {
  const item = [...view.querySelectorAll('.ant-form-item')].find((i) =>
    i.querySelector('label')?.textContent?.includes(label),
  );
  return item?.querySelector<HTMLButtonElement>('button[role="switch"]') ?? null;
};

describe('WorkHourSignatureSettings', () => {
  it('turns on the signature for work-hour changes from the settings page', async () => {
    const updates = serve({ enableCaptureSignature: 'false', requireSignatureForWorkHoursEdit: 'false' });
    const view = await mount();
    await waitFor(() => switchFor(view, 'Require a signature to change work hours') !== null);
    // The clock-out requirement waits for the pad to be on.
    expect(switchFor(view, 'Require the clock-out signature')!.disabled).toBe(true);
    await act(async () => switchFor(view, 'Require a signature to change work hours')!.click());
    await act(async () => switchFor(view, 'Take a signature at clock-out')!.click());
    expect(switchFor(view, 'Require the clock-out signature')!.disabled).toBe(false);
    const save = [...view.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === 'Save')!;
    await act(async () => save.click());
    await waitFor(() => updates.length === 2);
    expect(updates).toEqual([
      { name: 'enableCaptureSignature', value: 'true' },
      { name: 'requireSignatureForWorkHoursEdit', value: 'true' },
    ]);
    await waitFor(() => vi.mocked(showSuccessMessage).mock.calls.length === 1);
    expect(showSuccessMessage).toHaveBeenCalledWith('Settings saved');
  });
});

describe('flagChanges', () => {
  it('sends only the flags that changed, unset reading as off, and never a required clock-out signature alone', () => {
    expect(flagChanges({ captureSignature: '' }, { captureSignature: false, enableCaptureSignature: false })).toEqual(
      {},
    );
    expect(
      flagChanges({ requireSignatureForWorkHoursEdit: 'true' }, { requireSignatureForWorkHoursEdit: false }),
    ).toEqual({ requireSignatureForWorkHoursEdit: 'false' });
  });
});
