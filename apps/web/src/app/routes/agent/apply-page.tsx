import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageChoice } from '../../../features/auth/components/language-choice.tsx';
import { ApplyForm } from '../../../features/agent/public/apply-form.tsx';
import { AuthCard } from '../auth/auth-card.tsx';
// the sign-in form's fields and buttons (no antd on this page)
import '../../../features/auth/components/login-form.css';

/**
 * /apply?ref=N… (issue 13): a restaurant applies under an agent's referral link, without signing in.
 * A page without antd, like the sign-in page, so a phone on a slow network opens it quickly.
 */
export default function ApplyPage() {
  const { t } = useTranslation('agent');
  const [params] = useSearchParams();
  const referral = params.get('ref') ?? '';
  const kind = params.get('kind') === 'member' ? 'member' : 'restaurant';
  return (
    <AuthCard
      wide
      title={t(kind === 'member' ? 'apply.titleMember' : 'apply.title')}
      subtitle={t('apply.subtitle')}
      extra={<LanguageChoice />}
    >
      {referral ? (
        <ApplyForm referral={referral} kind={kind} />
      ) : (
        <div className="ra-banner ra-banner--error" role="alert">
          {t('apply.noReferral')}
        </div>
      )}
    </AuthCard>
  );
}
