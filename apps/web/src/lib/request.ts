import { ERROR_CODES, MESSAGES } from '@ra/shared/errors';
import { useSession } from '../stores/session.ts';
import { showBlockingWarning, showErrorMessage } from './feedback.ts';
import { currentLanguage, i18n } from './i18n.ts';
import { loadServerMessages, translateServerMessage, type TServerMessageParams } from './server-message.ts';

/** SPEC 7: base path, cookies sent, 50 s timeout, Authorization from the stored token. */
export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 50_000;
/** SPEC 7: when present, this header (JSON) is the answer instead of the body. */
export const BODY_MESSAGE_HEADER = 'x-body-message';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TRequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Cancels the call (TanStack Query passes one). */
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** The caller shows the error itself (forms, the navigation guard): no toast. */
  silent?: boolean;
  /** The caller handles a 401 itself (the navigation guard sends the user to /login): no re-login dialog. */
  noRelogin?: boolean;
}

/** A rejected call: `message` is the server's message (English) or 'Error' (SPEC 8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
    readonly errors?: Record<string, string>,
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** The message's catalog key from the error body (`{ code, key, params?, message }`), if any. */
  get key(): string | undefined {
    return field(this.body, 'key', isString);
  }

  /** The values for the key's `{placeholders}`. */
  get params(): TServerMessageParams | undefined {
    return field(this.body, 'params', isParams);
  }

  /** The message in the user's language: by the body's key and params, else by its English text. */
  get displayMessage(): string {
    return translateServerMessage(this.message, currentLanguage(), this.key, this.params);
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The text to show for any failure: translated server message, or the given fallback. */
export function errorText(e: unknown, fallback: string = MESSAGES.error.en): string {
  if (e instanceof ApiError) return e.displayMessage;
  if (e instanceof Error && e.message) return translateServerMessage(e.message, currentLanguage());
  return translateServerMessage(fallback, currentLanguage());
}

function defaultRelogin(): void {
  showBlockingWarning({
    title: i18n.t('errors:loggedOutTitle'),
    content: translateServerMessage(MESSAGES.loggedOut.en, currentLanguage()),
    okText: i18n.t('errors:relogin'),
    onOk: () => {
      useSession.getState().resetToken();
      window.location.reload();
    },
  });
}

let reloginHandler: () => void = defaultRelogin;
let reloginOpen = false;

/** Replace what happens on a 401 (tests; the app keeps the default dialog). Re-arms the once-only latch. */
export function setReloginHandler(handler: (() => void) | null): void {
  reloginHandler = handler ?? defaultRelogin;
  reloginOpen = false;
}

/** SPEC 8: many calls may fail with 401 at once; the user sees one dialog. */
function requestRelogin(): void {
  if (reloginOpen) return;
  reloginOpen = true;
  reloginHandler();
}

function buildUrl(path: string, query: TRequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.append(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function parseJsonLoose(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      // header values are Latin-1: a server may URI-encode JSON that holds other characters
      return JSON.parse(decodeURIComponent(text));
    } catch {
      return text;
    }
  }
}

/** SPEC 7: the x-body-message header's parsed JSON when present, else the body. */
export async function readPayload(res: Response): Promise<unknown> {
  const header = res.headers.get(BODY_MESSAGE_HEADER);
  if (header !== null) return parseJsonLoose(header);
  const text = await res.text();
  return text === '' ? undefined : parseJsonLoose(text);
}

function field<T>(payload: unknown, name: string, guard: (v: unknown) => v is T): T | undefined {
  if (payload && typeof payload === 'object' && name in payload) {
    const v = (payload as Record<string, unknown>)[name];
    if (guard(v)) return v;
  }
  return undefined;
}
const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number';
const isRecord = (v: unknown): v is Record<string, string> => !!v && typeof v === 'object';
const isParams = (v: unknown): v is TServerMessageParams =>
  isRecord(v) && Object.values(v).every((x: unknown) => typeof x === 'string' || typeof x === 'number');

const AUTH_ERROR_CODES: readonly number[] = [ERROR_CODES.invalidToken, ERROR_CODES.expiredToken];

/**
 * The one way to the server (SPEC 7/8): base URL, token, cookies, timeout, caller cancel, the re-login
 * dialog and the errors. `readFile` set: a 2xx answer is a file, read by it instead of as JSON (an
 * x-body-message header still counts); an error answer is JSON either way.
 */
async function send<R>(
  method: THttpMethod,
  path: string,
  body: unknown,
  opts: TRequestOptions,
  readFile?: (res: Response) => Promise<R>,
): Promise<R> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  opts.signal?.addEventListener('abort', onCallerAbort, { once: true });

  const headers: Record<string, string> = { Accept: readFile ? '*/*' : 'application/json', ...opts.headers };
  const token = useSession.getState().token;
  if (token && !('Authorization' in headers)) headers.Authorization = token;
  // a FormData body (an upload) is sent as multipart: the browser writes its Content-Type and boundary
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  let res: Response;
  let payload: unknown;
  let file: R | undefined;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      credentials: 'include',
      signal: controller.signal,
    });
    if (readFile && res.status >= 200 && res.status <= 299) {
      const header = res.headers.get(BODY_MESSAGE_HEADER);
      if (header !== null) payload = parseJsonLoose(header);
      file = await readFile(res);
    } else {
      payload = await readPayload(res);
    }
  } catch (e) {
    const error = timedOut
      ? new ApiError(
          i18n.t('errors:timeout', { seconds: Math.round((opts.timeoutMs ?? REQUEST_TIMEOUT_MS) / 1000) }),
          0,
        )
      : opts.signal?.aborted
        ? (e as Error)
        : new ApiError(i18n.t('errors:network'), 0);
    if (error instanceof ApiError && !opts.silent) showErrorMessage(error.message);
    throw error;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }

  const code = field(payload, 'code', isNumber);
  // an error is shown in the user's language from the message catalog, loaded with the first error
  // (or a signed-in page): the sign-in page does not carry it until then
  if (res.status < 200 || res.status > 299) await loadServerMessages().catch(() => undefined);
  if (res.status === 401 || (code !== undefined && AUTH_ERROR_CODES.includes(code))) {
    // A 401 for a token that has since been replaced or dropped (the user logged out, or signed in
    // again, while this request was in flight), or for a request sent with no token at all (a page
    // still unmounting after logout), says nothing about a session to log back in to.
    if (!opts.noRelogin && token !== '' && useSession.getState().token === token) requestRelogin();
    throw new ApiError(field(payload, 'message', isString) || MESSAGES.error.en, res.status, code, undefined, payload);
  }
  // SPEC 8 "any non-200 status is rejected": read as any status outside 2xx, so 201/204 answers work.
  if (res.status < 200 || res.status > 299) {
    const error = new ApiError(
      field(payload, 'message', isString) || MESSAGES.error.en,
      res.status,
      code,
      field(payload, 'errors', isRecord),
      payload,
    );
    if (!opts.silent) showErrorMessage(error.displayMessage);
    throw error;
  }
  return (readFile ? file : payload) as R;
}

export function request<T>(method: THttpMethod, path: string, body?: unknown, opts: TRequestOptions = {}): Promise<T> {
  return send<T>(method, path, body, opts);
}

/** A file the server sent (a 2xx answer that is not JSON) and the headers it came with. */
export interface TFileAnswer {
  blob: Blob;
  headers: Headers;
}

/** GET a file through the same machinery as `request` (lib/download.ts saves it). */
export function requestFile(path: string, opts: TRequestOptions = {}): Promise<TFileAnswer> {
  return send<TFileAnswer>('GET', path, undefined, opts, async (res) => ({
    blob: await res.blob(),
    headers: res.headers,
  }));
}

/** GET answers asked for ahead of the code that reads them: path -> the call and when it began. */
const ahead = new Map<string, { call: Promise<unknown>; at: number }>();
/** How long an answer asked for ahead stays the answer: the page that reads it asks well within this. */
const AHEAD_FRESH_MS = 15_000;

/**
 * Asks for `path` now, for code that will GET it once it has loaded (issue 21: a page's first data, on a
 * page load, before the chunks that read it have arrived). The next `get` of the same path, within 15 s,
 * takes this answer instead of asking again: one request either way.
 */
export function getAhead(path: string, opts: TRequestOptions = {}): void {
  const call = send('GET', path, undefined, opts);
  call.catch(() => {}); // the `get` that takes it gets the failure
  ahead.set(path, { call, at: performance.now() });
}

export const get = <T>(path: string, opts?: TRequestOptions): Promise<T> => {
  const early = ahead.get(path);
  ahead.delete(path);
  if (early && performance.now() - early.at < AHEAD_FRESH_MS) return early.call as Promise<T>;
  return request<T>('GET', path, undefined, opts);
};
export const post = <T>(path: string, body?: unknown, opts?: TRequestOptions) =>
  request<T>('POST', path, body ?? {}, opts);
export const put = <T>(path: string, body?: unknown, opts?: TRequestOptions) =>
  request<T>('PUT', path, body ?? {}, opts);
export const del = <T>(path: string, opts?: TRequestOptions) => request<T>('DELETE', path, undefined, opts);
