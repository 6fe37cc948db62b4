import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** SPEC 2: unknown paths land here; Back to Home. */
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound.description')}
      extra={
        <Button type="primary" onClick={() => navigate('/', { replace: true })}>
          {t('backToHome')}
        </Button>
      }
    />
  );
}
