import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AUTH_MESSAGES } from '@ra/shared/auth/auth.messages';
import { MESSAGES } from '@ra/shared/errors';
import { TEAM_MESSAGES } from '@ra/shared/team/team.messages';
import { passwordProblems } from '@ra/shared/team/team.schemas';
import { currentLanguage } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/request.ts';
import { accountMessage } from '../account-message.ts';
import { resetPassword } from '../api/reset-password.ts';
import './login-form.css';

type TField = 'newPassword' | 'confirmPassword';

/**
 * The page a reset email links to: a new password under the rules of change password (the server
 * also refuses the account's own email). Afterwards every device is signed out, this one included,
 * and the person signs in with the new password.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const id = useId();
  const lang = currentLanguage();
  const [values, setValues] = useState<Record<TField, string>>({ newPassword: '', confirmPassword: '' });
  // English texts as the server and the shared rules write them, shown in the page's language
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<TField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [focusField, setFocusField] = useState<TField | null>(null);

  useEffect(() => {
    if (loading || !focusField) return;
    document.getElementById(`${id}-${focusField}`)?.focus();
    setFocusField(null);
  }, [focusField, loading, id]);

  if (!token) {
    return (
      <div className="ra-login">
        <div className="ra-banner ra-banner--error" role="alert">
          {t('reset.missingToken')}
        </div>
        <Link className="ra-button ra-button--primary" to="/forgotPassword">
          {t('reset.askAgain')}
        </Link>
      </div>
    );
  }

  if (done) {
    return (
      <div className="ra-login">
        <div className="ra-banner ra-banner--info" role="status">
          {accountMessage(done, lang)}
        </div>
        <Link className="ra-button ra-button--primary" to="/login">
          {t('reset.signIn')}
        </Link>
      </div>
    );
  }

  function validate(): Partial<Record<TField, string>> {
    const errors: Partial<Record<TField, string>> = {};
    const [problem] = passwordProblems(values.newPassword);
    if (!values.newPassword) errors.newPassword = TEAM_MESSAGES['team.passwordRequired'].en;
    else if (problem) errors.newPassword = TEAM_MESSAGES[problem].en;
    if (values.confirmPassword !== values.newPassword)
      errors.confirmPassword = TEAM_MESSAGES['team.passwordMismatch'].en;
    return errors;
  }

  async function submit(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    if (loading) return;
    const errors = validate();
    setFieldErrors(errors);
    const first = (['newPassword', 'confirmPassword'] as const).find((f) => errors[f]);
    if (first) {
      setFocusField(first);
      return;
    }
    setLoading(true);
    setError(null);
    try {
      const answer = await resetPassword({ token, ...values });
      setDone(answer.message);
    } catch (err) {
      const serverFields = isApiError(err) ? (err.errors ?? {}) : {};
      const next: Partial<Record<TField, string>> = {};
      if (serverFields.newPassword) next.newPassword = serverFields.newPassword;
      if (serverFields.confirmPassword) next.confirmPassword = serverFields.confirmPassword;
      setFieldErrors(next);
      setError(Object.keys(next).length > 0 ? null : isApiError(err) ? err.message : MESSAGES.error.en);
      setFocusField(next.newPassword ? 'newPassword' : next.confirmPassword ? 'confirmPassword' : null);
      setLoading(false);
    }
  }

  const field = (name: TField, label: string): ReactNode => (
    <div className={fieldErrors[name] ? 'ra-field ra-field--error' : 'ra-field'}>
      <label className="ra-field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="ra-input"
        type="password"
        name={name}
        autoComplete="new-password"
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        aria-invalid={fieldErrors[name] ? true : undefined}
        aria-describedby={fieldErrors[name] ? `${id}-${name}-error` : undefined}
        disabled={loading}
      />
      {fieldErrors[name] && (
        <div className="ra-field__error" id={`${id}-${name}-error`} role="alert">
          {accountMessage(fieldErrors[name], lang)}
        </div>
      )}
    </div>
  );

  const linkDead = error === AUTH_MESSAGES.resetLinkInvalid.en;
  return (
    <form className="ra-login" onSubmit={(e) => void submit(e)} noValidate aria-busy={loading}>
      {error && (
        <div className="ra-banner ra-banner--error" role="alert">
          {accountMessage(error, lang)}
        </div>
      )}
      {field('newPassword', t('reset.newPassword'))}
      {field('confirmPassword', t('reset.confirmPassword'))}
      <button type="submit" className="ra-button ra-button--primary" disabled={loading}>
        {loading && <span className="ra-spinner" aria-hidden="true" />}
        {loading ? t('reset.saving') : t('reset.save')}
      </button>
      {linkDead && (
        <div className="ra-login__links ra-login__links--center">
          <Link className="ra-link" to="/forgotPassword">
            {t('reset.askAgain')}
          </Link>
        </div>
      )}
    </form>
  );
}
