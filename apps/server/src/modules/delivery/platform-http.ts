import type { TDeliveryPlatform } from '@ra/shared/delivery/delivery.schemas';
import { PlatformRejectedError, PlatformUnavailableError } from './platform-adapter.ts';

/** How long one call to a platform may take before it counts as "did not answer". */
const TIMEOUT_MS = 20_000;

export interface TPlatformAnswer {
  status: number;
  body: unknown;
}

/**
 * One HTTPS call to a platform's API: JSON in and out. A network failure, a timeout, a 5xx or a 429
 * (rate limited) is PlatformUnavailableError, which the page shows as "try again in a few minutes";
 * any other 4xx is PlatformRejectedError with the platform's own message. `allow` lists statuses the
 * caller handles itself (401 to fetch a new token, 404 for a store the platform does not know).
 */
export async function platformCall(
  platform: TDeliveryPlatform,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown; form?: Record<string, string> },
  allow: readonly number[] = [],
): Promise<TPlatformAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.form
        ? new URLSearchParams(init.form).toString()
        : init.body !== undefined
          ? JSON.stringify(init.body)
          : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    throw Object.assign(new PlatformUnavailableError(platform), { cause: error });
  }
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (an HTML error page): kept as text for the message.
  }
  if (response.ok || allow.includes(response.status)) return { status: response.status, body };
  if (response.status === 429 || response.status >= 500) throw new PlatformUnavailableError(platform);
  throw new PlatformRejectedError(`${platform} ${response.status}: ${messageOf(body)}`);
}

/** The platform's own words for a refusal, whichever field its error body uses. */
function messageOf(body: unknown): string {
  if (typeof body === 'string') return body.slice(0, 200);
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['message', 'error_description', 'error', 'code', 'reason']) {
      if (typeof b[key] === 'string') return (b[key] as string).slice(0, 200);
    }
  }
  return 'refused';
}
