import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ZApplyRequest, type TApplyRequest } from '@ra/shared/agent/agent.schemas';
import { PLANS, type TPlan } from '@ra/shared/agent/commission';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { submitApplication } from '../api/apply.ts';
import './apply-form.css';

type TField = 'businessName' | 'firstName' | 'lastName' | 'email' | 'phone' | 'city' | 'state' | 'message';
const FIELDS: ReadonlyArray<{ name: TField; autoComplete: string; type?: string; forRestaurant?: boolean }> = [
  { name: 'businessName', autoComplete: 'organization', forRestaurant: true },
  { name: 'firstName', autoComplete: 'given-name' },
  { name: 'lastName', autoComplete: 'family-name' },
  { name: 'email', autoComplete: 'email', type: 'email' },
  { name: 'phone', autoComplete: 'tel', type: 'tel' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'state', autoComplete: 'address-level1' },
];

/**
 * The public application form behind an agent's referral link (/apply?ref=N…, issue 13): no sign-in,
 * no antd, checked with the same shared schema as the server. A restaurant applies by default; a
 * would-be team member with ?kind=member.
 */
export function ApplyForm({ referral, kind }: { referral: string; kind: 'restaurant' | 'member' }) {
  const { t } = useTranslation('agent');
  const id = useId();
  const lang = currentLanguage();
  const [values, setValues] = useState<Record<TField, string>>({
    businessName: '',
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    city: '',
    state: '',
    message: '',
  });
  const [plan, setPlan] = useState<TPlan | ''>('');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [loading, setLoading] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    if (loading) return;
    const body: TApplyRequest = { ref: referral, kind, ...values, plan: plan === '' ? null : plan };
    if (kind === 'member') body.businessName = '';
    const parsed = ZApplyRequest.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        found[key] ??= translateServerMessage(issue.message, lang);
      }
      setErrors(found);
      const first = FIELDS.find((f) => found[f.name]);
      if (first) document.getElementById(`${id}-${first.name}`)?.focus();
      if (found.ref) setError(found.ref);
      return;
    }
    setErrors({});
    setError(null);
    setLoading(true);
    try {
      await submitApplication(body);
      setDone(true);
    } catch (err) {
      if (isApiError(err) && err.errors && Object.keys(err.errors).length > 0) {
        const found: Record<string, string> = {};
        for (const [k, v] of Object.entries(err.errors)) found[k] = translateServerMessage(String(v), lang);
        setErrors(found);
        if (found.ref) setError(found.ref);
      } else setError(isApiError(err) ? translateServerMessage(err.message, lang) : errorText(err));
    } finally {
      setLoading(false);
    }
  }

  if (done) {
    return (
      <div className="ra-login" data-testid="apply-done">
        <div className="ra-banner ra-banner--info" role="status">
          {t('apply.received')}
        </div>
      </div>
    );
  }

  const field = (f: (typeof FIELDS)[number]) => {
    if (f.forRestaurant && kind !== 'restaurant') return null;
    const err = errors[f.name];
    const required = ['businessName', 'firstName', 'lastName', 'email'].includes(f.name);
    return (
      <div key={f.name} className={err ? 'ra-field ra-field--error' : 'ra-field'}>
        <label className="ra-field__label" htmlFor={`${id}-${f.name}`}>
          {t(`apply.${f.name}`)}
          {!required && <span className="ra-apply__optional"> {t('apply.optional')}</span>}
        </label>
        <input
          id={`${id}-${f.name}`}
          className="ra-input"
          type={f.type ?? 'text'}
          name={f.name}
          autoComplete={f.autoComplete}
          value={values[f.name]}
          onChange={(e) => {
            setValues((v) => ({ ...v, [f.name]: e.target.value }));
            // a field's message goes once it is edited; the next submit checks it again
            if (err) setErrors(({ [f.name]: _gone, ...rest }) => rest);
          }}
          aria-invalid={err ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={err ? `${id}-${f.name}-error` : undefined}
          disabled={loading}
        />
        {err && (
          <div className="ra-field__error" id={`${id}-${f.name}-error`} role="alert">
            {err}
          </div>
        )}
      </div>
    );
  };

  return (
    <form className="ra-login ra-apply" onSubmit={(e) => void submit(e)} noValidate aria-busy={loading}>
      {error && (
        <div className="ra-banner ra-banner--error" role="alert">
          {error}
        </div>
      )}
      <div className="ra-apply__grid">{FIELDS.map(field)}</div>
      {kind === 'restaurant' && (
        <div className="ra-field">
          <label className="ra-field__label" htmlFor={`${id}-plan`}>
            {t('apply.plan')} <span className="ra-apply__optional">{t('apply.optional')}</span>
          </label>
          <select
            id={`${id}-plan`}
            className="ra-input"
            value={plan}
            onChange={(e) => setPlan(e.target.value as TPlan | '')}
            disabled={loading}
          >
            <option value="">{t('apply.planUndecided')}</option>
            {PLANS.map((p) => (
              <option key={p} value={p}>
                {t(`plan.${p}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="ra-field">
        <label className="ra-field__label" htmlFor={`${id}-message`}>
          {t('apply.message')} <span className="ra-apply__optional">{t('apply.optional')}</span>
        </label>
        <textarea
          id={`${id}-message`}
          className="ra-input ra-apply__textarea"
          rows={4}
          maxLength={1000}
          value={values.message}
          onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
          disabled={loading}
        />
      </div>
      <button type="submit" className="ra-button ra-button--primary" disabled={loading}>
        {loading && <span className="ra-spinner" aria-hidden="true" />}
        {t('apply.submit')}
      </button>
    </form>
  );
}
