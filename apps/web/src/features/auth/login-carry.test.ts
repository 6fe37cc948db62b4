import { beforeEach, describe, expect, it } from 'vitest';
import { keepLoginStateForReload, maskEmail, takeKeptLoginState, trackLoginState } from './login-carry.ts';

beforeEach(() => {
  sessionStorage.clear();
  trackLoginState(null);
});

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('owner@demo.test')).toBe('o***@demo.test');
    expect(maskEmail('a@b.co')).toBe('a***@b.co');
  });

  it('shows nothing of something that is not an address', () => {
    expect(maskEmail('@demo.test')).toBe('***');
    expect(maskEmail('nobody')).toBe('***');
  });
});

describe('login state across a language change', () => {
  it('gives the kept email and error to the reloaded page once', () => {
    trackLoginState({
      email: 'owner@demo.test',
      codeStep: true,
      error: { server: 'The user name and password combination does not match our record.' },
      fieldErrors: { password: { key: 'passwordRequired' } },
    });
    keepLoginStateForReload();
    expect(takeKeptLoginState()).toEqual({
      email: 'owner@demo.test',
      codeStep: false,
      error: { server: 'The user name and password combination does not match our record.' },
      fieldErrors: { password: { key: 'passwordRequired' } },
    });
    expect(takeKeptLoginState()).toBeNull();
  });

  it('keeps nothing when no form was shown', () => {
    keepLoginStateForReload();
    expect(takeKeptLoginState()).toBeNull();
  });
});
