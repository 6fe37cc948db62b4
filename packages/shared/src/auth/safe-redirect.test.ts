import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './safe-redirect.ts';

const ORIGIN = 'https://admin.example.com';
const target = (value: string | null | undefined) => safeRedirectTarget(value, ORIGIN, '/');

describe('safeRedirectTarget', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(target('/workHours/index')).toBe('/workHours/index');
    expect(target('/salesReport/salesSummary?from=2026-03-01&to=2026-03-14#top')).toBe(
      '/salesReport/salesSummary?from=2026-03-01&to=2026-03-14#top',
    );
  });

  it.each([
    ['/\t/evil.example', 'a tab the browser drops, leaving //evil.example'],
    ['/\n/evil.example', 'a newline the browser drops'],
    ['//evil.example', 'a protocol-relative URL'],
    ['https://evil.example', 'an absolute URL'],
    ['/%2F%2Fevil.example', 'slashes hidden by percent-encoding'],
    ['/%5C%5Cevil.example', 'backslashes hidden by percent-encoding'],
    ['/\\evil.example', 'a backslash the browser reads as a slash'],
    ['\\\\evil.example', 'two backslashes'],
    ['javascript:alert(1)', 'a script URL'],
    ['evil.example/path', 'a relative path without a leading slash'],
    [' /dashboard', 'leading space'],
    ['/%E0%A4%A', 'a malformed escape'],
  ])('refuses %j (%s)', (value) => {
    expect(target(value)).toBe('/');
  });

  it('refuses a missing value and the login page itself', () => {
    expect(target(null)).toBe('/');
    expect(target(undefined)).toBe('/');
    expect(target('')).toBe('/');
    expect(target('/login?redirect=/dashboard')).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeRedirectTarget('//evil.example', ORIGIN, '/dashboard')).toBe('/dashboard');
  });
});
