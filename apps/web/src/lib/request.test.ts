import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../stores/session.ts';
import { i18n, initI18n } from './i18n.ts';
import { ApiError, del, get, getAhead, post, put, request, REQUEST_TIMEOUT_MS, setReloginHandler } from './request.ts';

type TFetch = (input: string, init: RequestInit) => Promise<Response>;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function stubFetch(impl: TFetch) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

// what the user is shown is antd's message and modal; the test reads what the client asked for
const shown = vi.hoisted(() => ({ error: vi.fn(), warning: vi.fn() }));
vi.mock('./feedback.ts', () => ({
  showErrorMessage: (text: string) => shown.error(text),
  showBlockingWarning: (dialog: unknown) => shown.warning(dialog),
  showSuccessMessage: () => undefined,
  showConfirm: () => undefined,
}));

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  shown.error.mockReset();
  shown.warning.mockReset();
  useSession.setState({ token: '' });
});

afterEach(() => {
  setReloginHandler(null);
  vi.useRealTimers();
});

describe('request', () => {
  it('calls /api + path with cookies, JSON body and the raw token as Authorization', async () => {
    useSession.setState({ token: 'tok-123' });
    const fetchMock = stubFetch(async () => json(200, { ok: true }));
    await post('/account/swtichRestByXid', { xid: 'r1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/account/swtichRestByXid');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe(JSON.stringify({ xid: 'r1' }));
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('tok-123');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('sends a FormData body as multipart, leaving its Content-Type to the browser', async () => {
    useSession.setState({ token: 'tok-123' });
    const fetchMock = stubFetch(async () => json(200, { ok: true, id: 1, recipients: 2 }));
    const form = new FormData();
    form.set('messageEn', 'Hi');
    await expect(post('/api/agent/notifications', form)).resolves.toEqual({ ok: true, id: 1, recipients: 2 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.body).toBe(form);
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('tok-123');
  });

  it('sends no Authorization header without a token, and encodes the query', async () => {
    const fetchMock = stubFetch(async () => json(200, { email: 'a@b.co' }));
    await get('/account/prelogin', { query: { data: 'a+b@c.co', skip: undefined } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/account/prelogin?data=a%2Bb%40c.co');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('answers the body when there is no x-body-message header', async () => {
    stubFetch(async () => json(200, { name: 'timezone', value: 'America/New_York' }));
    await expect(post('/api/getRestConfig', { name: 'timezone' })).resolves.toEqual({
      name: 'timezone',
      value: 'America/New_York',
    });
  });

  it('answers the parsed x-body-message header instead of the body when present', async () => {
    stubFetch(async () => json(200, { ignored: true }, { 'x-body-message': JSON.stringify({ fromHeader: 1 }) }));
    await expect(get('/api/getrest')).resolves.toEqual({ fromHeader: 1 });
  });

  it('reads a URI-encoded x-body-message (headers cannot carry Chinese as is)', async () => {
    stubFetch(async () => json(200, {}, { 'x-body-message': encodeURIComponent(JSON.stringify({ name: '川菜馆' })) }));
    await expect(get('/api/getrest')).resolves.toEqual({ name: '川菜馆' });
  });

  it('rejects a non-2xx answer with the body message', async () => {
    stubFetch(async () =>
      json(400, { code: 40001, message: 'The user name and password combination does not match our record.' }),
    );
    const error = await post('/account/signin', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('The user name and password combination does not match our record.');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).code).toBe(40001);
  });

  it("rejects with 'Error' when the failure carries no message", async () => {
    stubFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(get('/api/getrest')).rejects.toThrow(/^Error$/);
  });

  it('uses the x-body-message header for failures too', async () => {
    stubFetch(async () =>
      json(500, null, { 'x-body-message': JSON.stringify({ code: 50000, message: 'Fetch failed' }) }),
    );
    await expect(get('/api/getrest')).rejects.toThrow('Fetch failed');
  });

  it('keeps the field errors of a 400', async () => {
    stubFetch(async () =>
      json(400, {
        code: 40000,
        message: 'Some fields are not valid.',
        errors: { email: 'Please enter the correct email address' },
      }),
    );
    const error = (await put('/api/user/1', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.errors).toEqual({ email: 'Please enter the correct email address' });
  });

  it('shows the server message in the user language, unless the caller shows it', async () => {
    stubFetch(async () =>
      json(400, { code: 40001, message: 'The user name and password combination does not match our record.' }),
    );
    await i18n.changeLanguage('zh');
    await expect(del('/api/user/1')).rejects.toThrow();
    expect(shown.error).toHaveBeenCalledWith('用户名和密码不匹配。');
    await i18n.changeLanguage('en');
    shown.error.mockReset();
    await expect(del('/api/user/1', { silent: true })).rejects.toThrow();
    expect(shown.error).not.toHaveBeenCalled();
  });

  it('gives up after 50 seconds', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = get('/api/getrest', { silent: true }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toContain('50 seconds');
  });

  it('passes a caller cancel through as is, without showing anything', async () => {
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = get('/api/getrest', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(((await pending) as Error).name).toBe('AbortError');
    expect(shown.error).not.toHaveBeenCalled();
  });

  it('opens the re-login dialog once for a burst of 401s', async () => {
    useSession.setState({ token: 'expired' });
    const relogin = vi.fn();
    setReloginHandler(relogin);
    stubFetch(async () => json(401, { code: 50014, message: 'Token expired' }));
    const results = await Promise.allSettled([get('/api/getrest'), get('/api/getUserInfo'), get('/api/user')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(relogin).toHaveBeenCalledTimes(1);
    expect(shown.error).not.toHaveBeenCalled();
  });

  it('treats codes 50012 and 50014 as signed out even with another status', async () => {
    useSession.setState({ token: 'expired' });
    for (const code of [50012, 50014]) {
      const relogin = vi.fn();
      setReloginHandler(relogin);
      stubFetch(async () =>
        json(
          200,
          { code, message: 'Invalid token' },
          { 'x-body-message': JSON.stringify({ code, message: 'Invalid token' }) },
        ),
      );
      await expect(get('/api/getrest')).rejects.toBeInstanceOf(ApiError);
      expect(relogin).toHaveBeenCalledTimes(1);
    }
  });

  it('leaves a 401 to callers that handle it themselves', async () => {
    const relogin = vi.fn();
    setReloginHandler(relogin);
    stubFetch(async () => json(401, { code: 50012, message: 'Invalid token' }));
    await expect(get('/api/getrest', { noRelogin: true })).rejects.toThrow('Invalid token');
    expect(relogin).not.toHaveBeenCalled();
  });

  it('does not open the dialog for a request sent without a token', async () => {
    setReloginHandler(() => shown.warning('relogin'));
    useSession.setState({ token: '' });
    stubFetch(async () => json(401, { code: 50012, message: 'Invalid token' }));
    await expect(request('GET', '/api/getrest')).rejects.toThrow();
    expect(shown.warning).not.toHaveBeenCalled();
  });

  it('does not open the dialog for a 401 answered after the user logged out', async () => {
    setReloginHandler(() => shown.warning('relogin'));
    useSession.setState({ token: 'revoked' });
    stubFetch(async () => {
      useSession.setState({ token: '' }); // logout finished while this request was in flight
      return json(401, { code: 50012, message: 'Invalid token' });
    });
    await expect(request('GET', '/api/getrest')).rejects.toThrow();
    expect(shown.warning).not.toHaveBeenCalled();
  });

  it('by default shows the logged-out dialog and resets the token on confirm', async () => {
    setReloginHandler(null);
    useSession.setState({ token: 'old' });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    stubFetch(async () => json(401, { code: 50012, message: 'Invalid token' }));
    await expect(request('GET', '/api/getrest')).rejects.toThrow();
    expect(shown.warning).toHaveBeenCalledTimes(1);
    const dialog = shown.warning.mock.calls[0]![0] as { content: string; onOk: () => void };
    expect(dialog.content).toBe('You have been logged out, please log in again');
    dialog.onOk();
    expect(useSession.getState().token).toBe('');
    expect(reload).toHaveBeenCalled();
  });
});

describe('getAhead (a page load asks for its first data before the code that reads it, issue 21)', () => {
  it('sends the GET at once, and the next get of the path takes that answer: one request', async () => {
    const fetch = stubFetch(async () => json(200, { sales: 1 }));
    getAhead('/dashboard/today', { silent: true });
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(get('/dashboard/today')).resolves.toEqual({ sales: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);
    // once only: the page's next read asks afresh
    await get('/dashboard/today');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('hands its failure to the get that takes it', async () => {
    stubFetch(async () => json(500, { message: 'Busy' }));
    getAhead('/dashboard/today', { silent: true });
    await expect(get('/dashboard/today')).rejects.toMatchObject({ status: 500 });
  });

  it('is not taken by another path, nor after 15 s', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const fetch = stubFetch(async () => json(200, {}));
      getAhead('/dashboard/today', { silent: true });
      await get('/getrest');
      expect(fetch).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(15_000);
      await get('/dashboard/today');
      expect(fetch).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
