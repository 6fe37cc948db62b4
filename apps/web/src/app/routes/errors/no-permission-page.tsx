import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A page that exists but not for this user (SPEC 2 permission-gated routes). */
export default function NoPermissionPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="401"
      subTitle={t('noPermission.description')}
      extra={
        <Button type="primary" onClick={() => navigate('/', { replace: true })}>
          {t('backToHome')}
        </Button>
      }
    />
  );
}
