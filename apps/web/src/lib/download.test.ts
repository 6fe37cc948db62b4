import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@ra/shared/errors';
import { useSession } from '../stores/session.ts';
import { downloadFile } from './download.ts';
import { i18n, initI18n } from './i18n.ts';
import { ApiError, errorText, REQUEST_TIMEOUT_MS, setReloginHandler } from './request.ts';

type TFetch = (input: string, init: RequestInit) => Promise<Response>;

const shown = vi.hoisted(() => ({ error: vi.fn(), warning: vi.fn() }));
vi.mock('./feedback.ts', () => ({
  showErrorMessage: (text: string) => shown.error(text),
  showBlockingWarning: (dialog: unknown) => shown.warning(dialog),
  showSuccessMessage: () => undefined,
  showConfirm: () => undefined,
}));

function stubFetch(impl: TFetch) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const file = (text: string, disposition?: string) =>
  new Response(text, {
    status: 200,
    headers: { 'Content-Type': 'text/csv', ...(disposition ? { 'Content-Disposition': disposition } : {}) },
  });

/** What the browser was asked to save: the anchor's name and the blob behind its URL. */
function captureSaves() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  let lastBlob: Blob | null = null;
  vi.stubGlobal('URL', {
    ...URL,
    createObjectURL: (blob: Blob) => {
      lastBlob = blob;
      return 'blob:test';
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: lastBlob! });
  });
  return saved;
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  shown.error.mockReset();
  shown.warning.mockReset();
  useSession.setState({ token: 'tok-1' });
});

afterEach(async () => {
  setReloginHandler(null);
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

describe('downloadFile', () => {
  it('GETs /api + path with the token and cookies, and saves the body under the Content-Disposition name', async () => {
    const saved = captureSaves();
    const fetchMock = stubFetch(async () => file('a,b\n1,2\n', 'attachment; filename="menu.xlsx"'));
    await downloadFile('/api/menu/export?lang=en', { fallbackName: 'fallback.xlsx' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/api/menu/export?lang=en');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>).Authorization).toBe('tok-1');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('menu.xlsx');
    expect(await saved[0]!.blob.text()).toBe('a,b\n1,2\n');
  });

  it('prefers the RFC 5987 filename* (UTF-8, percent-encoded) over the ASCII one', async () => {
    const saved = captureSaves();
    const name = '金龙餐厅 - 销售汇总 - 2026-03-14.csv';
    stubFetch(async () =>
      file('x', `attachment; filename="_____ - ____ - 2026-03-14.csv"; filename*=UTF-8''${encodeURIComponent(name)}`),
    );
    await downloadFile('/api/reports/summary/export', { fallbackName: 'report.csv' });
    expect(saved[0]!.name).toBe(name);
  });

  it('falls back to the given name when the answer names no file', async () => {
    const saved = captureSaves();
    stubFetch(async () => file('x'));
    await downloadFile('/api/coupon/codes/batches/7/export?format=csv', { fallbackName: 'coupon-codes-7.csv' });
    expect(saved[0]!.name).toBe('coupon-codes-7.csv');
  });

  it('opens the re-login dialog (once) on a 401 with code 50014, as request does, and saves nothing', async () => {
    const saved = captureSaves();
    const relogin = vi.fn();
    setReloginHandler(relogin);
    stubFetch(async () => json(401, { code: 50014, message: MESSAGES.loggedOut.en }));
    const results = await Promise.allSettled([
      downloadFile('/api/a', { fallbackName: 'a' }),
      downloadFile('/api/b', { fallbackName: 'b' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(relogin).toHaveBeenCalledTimes(1);
    expect(saved).toHaveLength(0);
  });

  it('rejects a 400 with an ApiError whose text is the server message in the user language', async () => {
    const saved = captureSaves();
    await i18n.changeLanguage('zh');
    stubFetch(async () => json(400, { code: 400, message: MESSAGES.loggedOut.en, errors: { start: 'bad' } }));
    const error = (await downloadFile('/api/work-hours/periods/export?start=x&format=csv', {
      fallbackName: 'payroll.csv',
    }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({ start: 'bad' });
    expect(errorText(error)).toBe(MESSAGES.loggedOut.zh);
    // the caller shows it (every download button does): no second toast from here
    expect(shown.error).not.toHaveBeenCalled();
    expect(saved).toHaveLength(0);
  });

  it('shows the translated error itself when the caller asks for it', async () => {
    captureSaves();
    await i18n.changeLanguage('zh');
    stubFetch(async () => json(400, { message: MESSAGES.loggedOut.en }));
    await expect(downloadFile('/api/x', { fallbackName: 'x', silent: false })).rejects.toBeInstanceOf(ApiError);
    expect(shown.error).toHaveBeenCalledWith(MESSAGES.loggedOut.zh);
  });

  it('gives up after the request timeout, aborting the call', async () => {
    const saved = captureSaves();
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          signal = init.signal ?? undefined;
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = downloadFile('/api/transactions/export', { fallbackName: 't.csv' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toContain('50 seconds');
    expect(saved).toHaveLength(0);
  });
});
