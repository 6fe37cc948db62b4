import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useChooseRestaurant } from '../../../features/auth/hooks/use-choose-restaurant.ts';
import { ComparisonPanel } from '../../../features/insight/components/comparison-panel.tsx';
import { LanguageSwitch } from '../../../components/layout/language-switch.tsx';
import { useSession } from '../../../stores/session.ts';
import { AuthCard } from '../auth/auth-card.tsx';

/**
 * /compareLocations (issue 24): the comparison across locations on its own page, for platform staff
 * and anyone signed in above restaurant level; agents also find it as a tab of their home. A
 * restaurant name switches into that restaurant's dashboard.
 */
export default function CompareLocationsPage() {
  const { t } = useTranslation('insight');
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.token !== '');
  const { choose } = useChooseRestaurant('/dashboard');
  if (!signedIn)
    return (
      <Result
        status="403"
        title={t('title')}
        subTitle={t('notSeveral')}
        extra={<Button onClick={() => navigate('/', { replace: true })}>{t('back')}</Button>}
      />
    );
  return (
    <AuthCard
      wide
      workspace
      title={t('title')}
      extra={
        <Space wrap>
          <LanguageSwitch />
          <Button type="link" onClick={() => navigate(-1)}>
            {t('back')}
          </Button>
        </Space>
      }
    >
      <ComparisonPanel
        onOpen={(xid) => void choose({ xid, properties: { type: 'restaurant' }, isLeaf: true, hasChildren: false })}
      />
    </AuthCard>
  );
}
