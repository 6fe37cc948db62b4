import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';
import { LanguageChoice } from '../../../features/auth/components/language-choice.tsx';
import { AuthCard } from './auth-card.tsx';

/** "Forgot password" from the sign-in page; ?email= carries what was typed there. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')} extra={<LanguageChoice />}>
      <ForgotPasswordForm initialEmail={params.get('email') ?? ''} />
    </AuthCard>
  );
}
