import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { RestaurantTree } from '../../../features/auth/components/restaurant-tree.tsx';
import { useChooseRestaurant } from '../../../features/auth/hooks/use-choose-restaurant.ts';
import { useRootXid } from '../../../features/auth/hooks/use-root-xid.ts';
import { logout } from '../../../features/auth/session-actions.ts';
import { errorText } from '../../../lib/request.ts';
import { AuthCard } from './auth-card.tsx';

/** SPEC 2 login step: an agent or team member picks the restaurant to manage. */
export default function SelectNodeAndRestPage() {
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
