import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@ra/shared/errors';
import { currentLanguage } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/request.ts';
import { accountMessage } from '../account-message.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import { LOGIN_EMAIL_PATTERN } from '../login-email.ts';
import './login-form.css';

/**
 * "Forgot password": asks for the sign-in email and says the same thing whatever it is (the server
 * answers alike for every email), so the page cannot be used to find out who has an account.
 */
export function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation(['auth', 'login']);
  const id = useId();
  const lang = currentLanguage();
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!loading && (fieldError || error)) input.current?.focus();
  }, [loading, fieldError, error]);

  async function submit(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    if (loading) return;
    const trimmed = email.trim();
    const problem = !trimmed
      ? t('auth:forgot.emailRequired')
      : LOGIN_EMAIL_PATTERN.test(trimmed)
        ? null
        : accountMessage(MESSAGES.invalidEmail.en, lang);
    setFieldError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    setLoading(true);
    setError(null);
    try {
      const answer = await forgotPassword(trimmed);
      setSent(answer.message);
    } catch (err) {
      setError(isApiError(err) ? err.message : MESSAGES.error.en);
    } finally {
      setLoading(false);
    }
  }

  if (sent) {
    return (
      <div className="ra-login">
        <div className="ra-banner ra-banner--info" role="status">
          {accountMessage(sent, lang)}
        </div>
        <Link className="ra-button ra-button--primary" to="/login">
          {t('auth:forgot.back')}
        </Link>
      </div>
    );
  }

  return (
    <form className="ra-login" onSubmit={(e) => void submit(e)} noValidate aria-busy={loading}>
      {error && (
        <div className="ra-banner ra-banner--error" role="alert">
          {accountMessage(error, lang)}
        </div>
      )}
      <div className={fieldError ? 'ra-field ra-field--error' : 'ra-field'}>
        <label className="ra-field__label" htmlFor={`${id}-email`}>
          {t('auth:forgot.email')}
        </label>
        <input
          ref={input}
          id={`${id}-email`}
          className="ra-input"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          placeholder={t('login:emailPlaceholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-email-error` : undefined}
          disabled={loading}
        />
        {fieldError && (
          <div className="ra-field__error" id={`${id}-email-error`} role="alert">
            {fieldError}
          </div>
        )}
      </div>
      <button type="submit" className="ra-button ra-button--primary" disabled={loading}>
        {loading && <span className="ra-spinner" aria-hidden="true" />}
        {loading ? t('auth:forgot.sending') : t('auth:forgot.send')}
      </button>
      <div className="ra-login__links ra-login__links--center">
        <Link className="ra-link" to="/login">
          {t('auth:forgot.back')}
        </Link>
      </div>
    </form>
  );
}
