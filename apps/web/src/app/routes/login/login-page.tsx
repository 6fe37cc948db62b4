import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageChoice } from '../../../features/auth/components/language-choice.tsx';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { AuthCard } from '../auth/auth-card.tsx';

export default function LoginPage() {
  const { t } = useTranslation(['login', 'common']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <AuthCard title={t('common:appTitle')} subtitle={t('login:subtitle')} extra={<LanguageChoice />}>
      <LoginForm redirect={params.get('redirect')} onSignedIn={(to) => navigate(to, { replace: true })} />
    </AuthCard>
  );
}
