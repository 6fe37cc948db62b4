import { useEffect, useId, useLayoutEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authMessage } from '@ra/shared/auth/auth.messages';
import { ERROR_CODES, MESSAGES } from '@ra/shared/errors';
import { currentLanguage } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import {
  maskEmail,
  takeKeptLoginState,
  takePrerenderedFields,
  trackLoginState,
  type TLoginField,
  type TLoginMessage,
} from '../login-carry.ts';
import { LOGIN_EMAIL_PATTERN } from '../login-email.ts';
import { preloginAhead, signIn } from '../sign-in.ts';
import './login-form.css';

type TField = TLoginField;

const CODE_PATTERN = /^\d{6}$/;
/** Seconds before another code may be emailed (EMAIL_CODE_RESEND_SECONDS in @ra/shared/auth/auth.messages). */
const RESEND_SECONDS = 60;
const FIELD_ORDER: readonly TField[] = ['email', 'password', 'code'];

/** Server field names (SPEC 7 signin payload) to the form's fields. */
const SERVER_FIELDS: Record<string, TField> = {
  email: 'email',
  password: 'password',
  emailVerificationCodeNumber: 'code',
};

/**
 * A failed sign-in as what to show and which field to put the cursor back in. Messages stay keys or
 * the server's English so they follow a language change.
 */
function describeFailure(err: unknown): {
  error: TLoginMessage;
  fieldErrors: Partial<Record<TField, TLoginMessage>>;
  focus: TField | null;
} {
  if (!isApiError(err)) return { error: { server: MESSAGES.error.en }, fieldErrors: {}, focus: null };
  const fieldErrors: Partial<Record<TField, TLoginMessage>> = {};
  for (const [name, message] of Object.entries(err.errors ?? {})) {
    const field = SERVER_FIELDS[name];
    if (field) fieldErrors[field] = { server: message };
  }
  const firstField = FIELD_ORDER.find((f) => fieldErrors[f]);
  const focus: TField | null =
    firstField ??
    (err.code === ERROR_CODES.emailCodeInvalid ? 'code' : err.code === ERROR_CODES.loginFailed ? 'password' : null);
  return { error: { server: err.message || MESSAGES.error.en }, fieldErrors, focus };
}

/**
 * Email and password, then (for accounts that need it) the 6-digit code the server just emailed
 * (SPEC 1). Errors appear above the fields in the user's language (SPEC 8 login failure) and follow a
 * language change; after a failure the cursor goes back to the field to fix.
 *
 * Plain form controls styled like the rest of the app: this is the first page every user opens,
 * and leaving the UI library out keeps it fast on a phone (SPEC 9 first-page budget).
 */
export function LoginForm({ redirect, onSignedIn }: { redirect: string | null; onSignedIn: (to: string) => void }) {
  const { t } = useTranslation('login');
  const id = useId();
  const [kept] = useState(takeKeptLoginState);
  // what was typed into the server-sent form before this one replaced it
  const [typed] = useState(takePrerenderedFields);
  const [email, setEmail] = useState(kept?.email ?? typed?.email ?? '');
  const [password, setPassword] = useState(typed?.password ?? '');
  const [code, setCode] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [codeStep, setCodeStep] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<TField, TLoginMessage>>>(kept?.fieldErrors ?? {});
  const [noticeShown, setNoticeShown] = useState(false);
  const [error, setError] = useState<TLoginMessage | null>(kept?.error ?? null);
  const [loading, setLoading] = useState(false);
  const [focusField, setFocusField] = useState<TField | null>(kept?.error ? 'password' : null);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  // the server sent this form with its buttons disabled; they turn on once it is hydrated (issue 21)
  const hydrated = useHydrated();

  // Hydrating the server's form keeps what was typed into it before the script came (React leaves
  // an input's value alone while hydrating): the state takes it over before the first paint.
  useLayoutEffect(() => {
    const typedInto = (name: TField) =>
      (document.getElementById(`${id}-${name}`) as HTMLInputElement | null)?.value ?? null;
    const typedEmail = typedInto('email');
    const typedPassword = typedInto('password');
    if (typedEmail !== null) setEmail((v) => (typedEmail !== v ? typedEmail : v));
    if (typedPassword !== null) setPassword((v) => (typedPassword !== v ? typedPassword : v));
    // once, on the form's first commit
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const lang = currentLanguage();
  const text = (m: TLoginMessage): string =>
    'key' in m ? t(m.key) : (authMessage(m.server, lang) ?? translateServerMessage(m.server, lang));

  useEffect(() => {
    trackLoginState({ email, codeStep, error, fieldErrors });
  }, [email, codeStep, error, fieldErrors]);
  useEffect(() => () => trackLoginState(null), []);

  // The controls are disabled while a request runs; the cursor can only go back once they are not.
  useEffect(() => {
    if (loading || !focusField) return;
    const input = document.getElementById(`${id}-${focusField}`) as HTMLInputElement | null;
    if (input) {
      input.focus();
      input.select();
    }
    setFocusField(null);
  }, [focusField, loading, id]);

  const resendLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));
  useEffect(() => {
    if (resendLeft <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [resendLeft]);

  function validate(): Partial<Record<TField, TLoginMessage>> {
    const errors: Partial<Record<TField, TLoginMessage>> = {};
    const trimmed = email.trim();
    if (!trimmed) errors.email = { key: 'emailRequired' };
    else if (!LOGIN_EMAIL_PATTERN.test(trimmed)) errors.email = { server: MESSAGES.invalidEmail.en };
    if (!password) errors.password = { key: 'passwordRequired' };
    if (codeStep && !CODE_PATTERN.test(code.trim())) errors.code = { key: 'codeInvalid' };
    return errors;
  }

  async function attempt(withCode: boolean): Promise<void> {
    setLoading(true);
    setError(null);
    try {
      const outcome = await signIn({ email, password, code: withCode ? code.trim() : undefined, redirect });
      if (outcome.kind === 'codeRequired') {
        setCodeStep(true);
        setNoticeShown(true);
        setCode('');
        setResendAt(Date.now() + RESEND_SECONDS * 1000);
        setNow(Date.now());
        setLoading(false);
        setFocusField('code');
        return;
      }
      trackLoginState(null);
      onSignedIn(outcome.to);
    } catch (err) {
      const failure = describeFailure(err);
      setError(failure.error);
      setFieldErrors(failure.fieldErrors);
      setFocusField(failure.focus);
      setLoading(false);
    }
  }

  async function submit(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    if (loading) return;
    const errors = validate();
    setFieldErrors(errors);
    const first = FIELD_ORDER.find((f) => errors[f]);
    if (first) {
      setFocusField(first);
      return;
    }
    await attempt(codeStep);
  }

  function resend(): void {
    if (loading || resendLeft > 0) return;
    setFieldErrors({});
    void attempt(false);
  }

  function useAnotherAccount(): void {
    setCodeStep(false);
    setNoticeShown(false);
    setPassword('');
    setCode('');
    setError(null);
    setFieldErrors({});
    setResendAt(0);
    setEmail('');
    setFocusField('email');
  }

  const field = (name: TField, label: string, control: ReactNode, help?: string) => {
    const problem = fieldErrors[name];
    return (
      <div className={problem ? 'ra-field ra-field--error' : 'ra-field'}>
        <label className="ra-field__label" htmlFor={`${id}-${name}`}>
          {label}
        </label>
        {control}
        {problem ? (
          <div className="ra-field__error" id={`${id}-${name}-error`} role="alert">
            {text(problem)}
          </div>
        ) : (
          help && (
            <div className="ra-field__help" id={`${id}-${name}-help`}>
              {help}
            </div>
          )
        )}
      </div>
    );
  };

  const describedBy = (name: TField) => (fieldErrors[name] ? `${id}-${name}-error` : undefined);
  const forgotHref = `/forgotPassword${email.trim() ? `?email=${encodeURIComponent(email.trim())}` : ''}`;

  return (
    <form className="ra-login" onSubmit={(e) => void submit(e)} noValidate aria-busy={loading}>
      {error && (
        <div className="ra-banner ra-banner--error" role="alert">
          {text(error)}
        </div>
      )}
      {codeStep && noticeShown && !error && (
        <div className="ra-banner ra-banner--info" role="status">
          {t('codeSentTo', { email: maskEmail(email.trim().toLowerCase()) })}
        </div>
      )}
      {!codeStep &&
        field(
          'email',
          t('email'),
          <input
            id={`${id}-email`}
            className="ra-input"
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            placeholder={t('emailPlaceholder')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            // prelogin goes while the password is typed (issue 21)
            onBlur={() => preloginAhead(email)}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={describedBy('email')}
            disabled={loading}
          />,
        )}
      {!codeStep &&
        field(
          'password',
          t('password'),
          <div className="ra-input-group">
            <input
              id={`${id}-password`}
              className="ra-input"
              type={showPassword ? 'text' : 'password'}
              name="password"
              autoComplete="current-password"
              placeholder={t('passwordPlaceholder')}
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                // also when both fields were filled in for the person, without the email losing focus
                preloginAhead(email);
              }}
              onFocus={() => preloginAhead(email)}
              aria-invalid={fieldErrors.password ? true : undefined}
              aria-describedby={describedBy('password')}
              disabled={loading}
            />
            <button
              type="button"
              className="ra-input-group__toggle"
              onClick={() => setShowPassword((v) => !v)}
              disabled={!hydrated}
              aria-label={showPassword ? t('hidePassword') : t('showPassword')}
              aria-pressed={showPassword}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path
                  fill="currentColor"
                  d={
                    showPassword
                      ? 'M12 5c-5 0-9.3 3.1-11 7 1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z'
                      : 'M2.1 3.5 3.5 2.1l18.4 18.4-1.4 1.4-3.3-3.3A11.8 11.8 0 0 1 12 19C7 19 2.7 15.9 1 12a12.4 12.4 0 0 1 4.2-5.1L2.1 3.5zM12 5c5 0 9.3 3.1 11 7a12.5 12.5 0 0 1-3.3 4.4l-2.9-2.9A4.5 4.5 0 0 0 10.5 7.7L8.2 5.4C9.4 5.1 10.7 5 12 5zm-4.4 5.4a4.5 4.5 0 0 0 6 6l-1.6-1.5a2.5 2.5 0 0 1-2.9-2.9l-1.5-1.6z'
                  }
                />
              </svg>
            </button>
          </div>,
        )}
      {!codeStep && (
        <div className="ra-login__links">
          <Link className="ra-link" to={forgotHref}>
            {t('forgotPassword')}
          </Link>
        </div>
      )}
      {codeStep &&
        field(
          'code',
          t('code'),
          <input
            id={`${id}-code`}
            className="ra-input"
            type="text"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            placeholder="123456"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            aria-invalid={fieldErrors.code ? true : undefined}
            aria-describedby={describedBy('code') ?? `${id}-code-help`}
            disabled={loading}
          />,
          t('codeHelp'),
        )}
      <button type="submit" className="ra-button ra-button--primary" disabled={loading || !hydrated}>
        {loading && <span className="ra-spinner" aria-hidden="true" />}
        {loading ? t('signingIn') : t('signIn')}
      </button>
      {codeStep && (
        <div className="ra-login__links ra-login__links--split">
          <button
            type="button"
            className="ra-link"
            name="resend"
            onClick={resend}
            disabled={loading || resendLeft > 0}
            aria-live="polite"
          >
            {resendLeft > 0 ? t('resendIn', { seconds: resendLeft }) : t('resend')}
          </button>
          <button type="button" className="ra-link" name="another-account" onClick={useAnotherAccount}>
            {t('useAnotherAccount')}
          </button>
        </div>
      )}
    </form>
  );
}
