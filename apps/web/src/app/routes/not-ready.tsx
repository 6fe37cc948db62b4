import { Button, Result } from 'antd';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findRouteByPath } from '../use-permitted-routes.ts';

/** The shared stand-in for pages that later issues build; it names the page it stands for. */
export function NotReadyNotice({ titleKey, standalone = false }: { titleKey: string; standalone?: boolean }) {
  const { t } = useTranslation(['common', 'route']);
  const navigate = useNavigate();
  const title = t(`route:${titleKey}`);
  return (
    <Result
      icon={<ToolOutlined style={{ color: 'var(--ant-color-primary, #18acaf)' }} />}
      title={title}
      subTitle={t('common:notReady.description', { page: title })}
      style={standalone ? { paddingTop: '15vh' } : undefined}
      extra={
        <Button type="primary" onClick={() => navigate('/', { replace: true })}>
          {t('common:backToHome')}
        </Button>
      }
    />
  );
}

export default function NotReadyPage() {
  const { pathname } = useLocation();
  return <NotReadyNotice titleKey={findRouteByPath(pathname)?.titleKey ?? 'notReady'} />;
}
