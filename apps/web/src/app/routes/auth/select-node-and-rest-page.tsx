import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RestaurantTree } from '../../../features/auth/components/restaurant-tree.tsx';
import { useChooseRestaurant } from '../../../features/auth/hooks/use-choose-restaurant.ts';
import { useRootXid } from '../../../features/auth/hooks/use-root-xid.ts';
import { logout } from '../../../features/auth/session-actions.ts';
import { errorText } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * SPEC 2 login step: an agent or team member picks the restaurant to manage. A leaf login (an owner,
 * SPEC 6) has only its own restaurant: opened directly, the page says so and leads to the dashboard
 * instead of showing an empty tree as if no restaurant were linked.
 */
export default function SelectNodeAndRestPage() {
  const { t } = useTranslation('auth');
  const isLeaf = useSession((s) => s.loginAsLeaf);
  const restaurant = useSession((s) => s.restname || s.name);
  const navigate = useNavigate();
  if (isLeaf) {
    return (
      <AuthCard
        wide
        title={t('selectRestaurant.title')}
        extra={
          <Button type="link" onClick={() => void logout()}>
            {t('signOut')}
          </Button>
        }
      >
        <Alert
          type="info"
          showIcon
          title={restaurant ? t('selectRestaurant.onlyOneFor', { restaurant }) : t('selectRestaurant.onlyOne')}
          style={{ marginBottom: 16 }}
        />
        <Button type="primary" block size="large" onClick={() => navigate('/dashboard')}>
          {t('timeZone.toDashboard')}
        </Button>
      </AuthCard>
    );
  }
  return <NodeTree />;
}

function NodeTree() {
  const { t } = useTranslation('auth');
  const { rootXid, error } = useRootXid();
  const { busyXid, choose } = useChooseRestaurant('/dashboard');
  return (
    <AuthCard
      wide
      title={t('selectRestaurant.title')}
      subtitle={t('selectRestaurant.subtitle')}
      extra={
        <Button type="link" onClick={() => void logout()}>
          {t('signOut')}
        </Button>
      }
    >
      {error && !rootXid ? (
        <Alert type="error" showIcon title={errorText(error)} />
      ) : (
        rootXid && (
          <RestaurantTree
            rootXid={rootXid}
            chooseLabel={t('selectRestaurant.choose')}
            onChoose={(n) => void choose(n)}
            busyXid={busyXid}
          />
        )
      )}
    </AuthCard>
  );
}
