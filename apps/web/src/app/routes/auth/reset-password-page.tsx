import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageChoice } from '../../../features/auth/components/language-choice.tsx';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';
import { AuthCard } from './auth-card.tsx';

/** Where a reset email's link lands (/resetPassword?token=…). */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')} extra={<LanguageChoice />}>
      <ResetPasswordForm token={params.get('token')?.trim() ?? ''} />
    </AuthCard>
  );
}
