import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@ra/shared/errors';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { LOGIN_EMAIL_PATTERN } from '../login-email.ts';
import { signIn } from '../sign-in.ts';
import './login-form.css';

type TField = 'email' | 'password' | 'code';

const CODE_PATTERN = /^\d{6}$/;

/**
 * Email and password, then (for accounts that need it) the 6-digit code the server just emailed
 * (SPEC 1). Errors appear above the fields in the user's language (SPEC 8 login failure).
 *
 * Plain form controls styled like the rest of the app: this is the first page every user opens,
 * and leaving the UI library out keeps it fast on a phone (SPEC 9 first-page budget).
 */
export function LoginForm({ redirect, onSignedIn }: { redirect: string | null; onSignedIn: (to: string) => void }) {
  const { t } = useTranslation('login');
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [codeStep, setCodeStep] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<TField, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  function validate(): Partial<Record<TField, string>> {
    const errors: Partial<Record<TField, string>> = {};
    const trimmed = email.trim();
    if (!trimmed) errors.email = t('emailRequired');
    else if (!LOGIN_EMAIL_PATTERN.test(trimmed))
      errors.email = translateServerMessage(MESSAGES.invalidEmail.en, currentLanguage());
    if (!password) errors.password = t('passwordRequired');
    if (codeStep && !CODE_PATTERN.test(code.trim())) errors.code = t('codeInvalid');
    return errors;
  }

  async function submit(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    if (loading) return;
    const errors = validate();
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      const first = (['email', 'password', 'code'] as const).find((f) => errors[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setLoading(true);
    setError(null);
    try {
      const outcome = await signIn({ email, password, code: codeStep ? code.trim() : undefined, redirect });
      if (outcome.kind === 'codeRequired') {
        setCodeStep(true);
        setNotice(translateServerMessage(outcome.message || MESSAGES.emailCodeRequired.en, currentLanguage()));
        setLoading(false);
        return;
      }
      onSignedIn(outcome.to);
    } catch (err) {
      setError(errorText(err));
      setLoading(false);
    }
  }

  const field = (name: TField, label: string, control: ReactNode, help?: string) => (
    <div className={fieldErrors[name] ? 'ra-field ra-field--error' : 'ra-field'}>
      <label className="ra-field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      {control}
      {fieldErrors[name] ? (
        <div className="ra-field__error" id={`${id}-${name}-error`} role="alert">
          {fieldErrors[name]}
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

  const describedBy = (name: TField) => (fieldErrors[name] ? `${id}-${name}-error` : undefined);

  return (
    <form className="ra-login" onSubmit={(e) => void submit(e)} noValidate aria-busy={loading}>
      {error && (
        <div className="ra-banner ra-banner--error" role="alert">
          {error}
        </div>
      )}
      {notice && !error && (
        <div className="ra-banner ra-banner--info" role="status">
          {notice}
        </div>
      )}
      {field(
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
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={describedBy('email')}
          disabled={loading}
        />,
      )}
      {field(
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
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={describedBy('password')}
            disabled={loading}
          />
          <button
            type="button"
            className="ra-input-group__toggle"
            onClick={() => setShowPassword((v) => !v)}
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
            autoFocus
          />,
          t('codeHelp'),
        )}
      <button type="submit" className="ra-button ra-button--primary" disabled={loading}>
        {loading && <span className="ra-spinner" aria-hidden="true" />}
        {loading ? t('signingIn') : t('signIn')}
      </button>
    </form>
  );
}
