import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { RestaurantTree } from '../../../features/auth/components/restaurant-tree.tsx';
import { useChooseRestaurant } from '../../../features/auth/hooks/use-choose-restaurant.ts';
import { useRootXid } from '../../../features/auth/hooks/use-root-xid.ts';
import { logout } from '../../../features/auth/session-actions.ts';
import { AuthCard } from '../auth/auth-card.tsx';

/**
 * SPEC 2 /AgentApp: the agent's landing page, listing the restaurants under them; "Manage" switches
 * the session to one and opens its dashboard. (Leaf logins never get here: the guard sends them home.)
 */
export default function AgentAppPage() {
  const { t } = useTranslation('auth');
  const { rootXid } = useRootXid();
  const { busyXid, choose } = useChooseRestaurant('/dashboard');
  return (
    <AuthCard
      wide
      title={t('agentApp.title')}
      subtitle={t('agentApp.subtitle')}
      extra={
        <Button type="link" onClick={() => void logout()}>
          {t('signOut')}
        </Button>
      }
    >
      {rootXid && (
        <RestaurantTree
          rootXid={rootXid}
          chooseLabel={t('agentApp.manage')}
          onChoose={(n) => void choose(n)}
          busyXid={busyXid}
        />
      )}
    </AuthCard>
  );
}
