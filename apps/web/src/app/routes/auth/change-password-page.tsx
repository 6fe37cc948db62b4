import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../../features/team/components/change-password-form.tsx';
import { useSession } from '../../../stores/session.ts';
import { AuthCard } from './auth-card.tsx';

/** SPEC 2 /ChangePassword (the guard lets only a signed-in session here). */
export default function ChangePasswordPage() {
  const { t } = useTranslation('team');
  const navigate = useNavigate();
  const account = useSession((s) => s.loginAccount || s.currentAccount);
  return (
    <AuthCard title={t('password.title')} subtitle={account ? t('password.subtitle', { account }) : undefined}>
      <ChangePasswordForm email={account} onDone={() => navigate('/dashboard')} />
    </AuthCard>
  );
}
