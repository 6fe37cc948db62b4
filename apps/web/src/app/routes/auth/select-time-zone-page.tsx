import { Alert, Button, Space, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isTimeZoneUnset } from '../../../features/auth/api/get-rest-config.ts';
import { useRestAddress } from '../../../features/auth/api/get-rest-profile.ts';
import { TimeZoneForm } from '../../../features/auth/components/time-zone-form.tsx';
import { logout, refreshRestaurantInfo } from '../../../features/auth/session-actions.ts';
import { browserTimeZone, zoneForState } from '../../../features/auth/time-zones.ts';
import { reloadAt } from '../../../lib/navigation.ts';
import { useSession } from '../../../stores/session.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * SPEC 4: after a restaurant without a time zone is chosen; saving restarts the app on the dashboard.
 * The suggestion is the zone of the restaurant's address state; the browser's own zone only for a
 * person signed in at the restaurant itself (an agent's browser says where the agent is, not where
 * the restaurant is). An agent can go back to the restaurant list; anyone can sign out. Opened
 * directly for a restaurant that has a zone already (an owner typing the address), it says which
 * zone that is and leads on to the dashboard instead of claiming it has none.
 */
export default function SelectTimeZonePage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const restaurant = useSession((s) => s.restname || s.name);
  const isLeaf = useSession((s) => s.loginAsLeaf);
  const address = useRestAddress();
  const stateZone = zoneForState(address.data?.state);
  const defaultZone = stateZone ?? (isLeaf ? browserTimeZone() : undefined);
  const currentZone = address.data && !isTimeZoneUnset(address.data.timeZone) ? address.data.timeZone : undefined;

  return (
    <AuthCard
      title={t('timeZone.title')}
      subtitle={
        currentZone
          ? t('timeZone.subtitle')
          : restaurant
            ? t('timeZone.subtitleFor', { restaurant })
            : t('timeZone.subtitle')
      }
      extra={
        <Space size={0} wrap>
          {!isLeaf && (
            <Button type="link" onClick={() => navigate('/selectNodeAndRest')}>
              {t('timeZone.back')}
            </Button>
          )}
          <Button type="link" onClick={() => void logout()}>
            {t('signOut')}
          </Button>
        </Space>
      }
    >
      {address.isPending ? (
        <Spin />
      ) : currentZone ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Alert
            type="success"
            showIcon
            title={
              restaurant
                ? t('timeZone.alreadySetFor', { restaurant, zone: currentZone })
                : t('timeZone.alreadySet', { zone: currentZone })
            }
          />
          <Button type="primary" block size="large" onClick={() => navigate('/dashboard')}>
            {t('timeZone.toDashboard')}
          </Button>
        </Space>
      ) : (
        <TimeZoneForm
          key={defaultZone ?? 'none'}
          defaultZone={defaultZone}
          suggestion={stateZone ? t('timeZone.suggestedFromState', { state: address.data?.state }) : undefined}
          onSaved={async () => {
            // the stored restaurant info still says 'Unknown': read it again before restarting
            await refreshRestaurantInfo().catch(() => useSession.setState({ roles: [] }));
            reloadAt('/dashboard');
          }}
        />
      )}
    </AuthCard>
  );
}
