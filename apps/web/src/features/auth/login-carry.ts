/**
 * What the sign-in form keeps across the reload a language change makes (SPEC 1 "The view reloads on
 * a locale change"): the email, the step and the last error, kept as message keys or the server's
 * English text so the reloaded page shows them in the new language. Never the password or the code.
 */
export type TLoginMessage = { key: string } | { server: string };
export type TLoginField = 'email' | 'password' | 'code';

export interface TLoginCarry {
  email: string;
  codeStep: boolean;
  error: TLoginMessage | null;
  fieldErrors: Partial<Record<TLoginField, TLoginMessage>>;
}

const STORAGE_KEY = 'ra-login-carry';
let current: TLoginCarry | null = null;

/** The form reports its state as it changes. */
export function trackLoginState(state: TLoginCarry | null): void {
  current = state;
}

/** Just before the language changes: keep the form's state for the reloaded page. */
export function keepLoginStateForReload(): void {
  if (!current) return;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // storage disabled: the reloaded form starts empty
  }
}

/** Whether a kept state waits for the form (without taking it). */
export function hasKeptLoginState(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** The kept state, once: a later plain reload starts afresh. */
export function takeKeptLoginState(): TLoginCarry | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<TLoginCarry>;
    if (typeof value.email !== 'string') return null;
    return {
      email: value.email,
      // the password is not kept, so the code step cannot go on without it
      codeStep: false,
      error: value.error ?? null,
      fieldErrors: value.fieldErrors ?? {},
    };
  } catch {
    return null;
  }
}

/** "owner@demo.test" -> "o***@demo.test": enough to recognise one's own address, not to learn another's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * What a person typed into the sign-in form the server sent, before the script drew its own over it
 * (issue 21): main.tsx reads it just before, the form starts from it. Kept in memory only, once.
 */
let prerendered: { email: string; password: string } | null = null;

export function adoptPrerenderedFields(fields: { email: string; password: string }): void {
  prerendered = fields;
}

export function takePrerenderedFields(): { email: string; password: string } | null {
  const fields = prerendered;
  prerendered = null;
  return fields;
}
