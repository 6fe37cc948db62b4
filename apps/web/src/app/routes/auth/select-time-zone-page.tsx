import { useTranslation } from 'react-i18next';
import { TimeZoneForm } from '../../../features/auth/components/time-zone-form.tsx';
import { refreshRestaurantInfo } from '../../../features/auth/session-actions.ts';
import { reloadAt } from '../../../lib/navigation.ts';
import { useSession } from '../../../stores/session.ts';
import { AuthCard } from './auth-card.tsx';

/** SPEC 4: after a restaurant without a time zone is chosen; saving restarts the app on the dashboard. */
export default function SelectTimeZonePage() {
  const { t } = useTranslation('auth');
  const restaurant = useSession((s) => s.restname || s.name);
  return (
    <AuthCard
      title={t('timeZone.title')}
      subtitle={restaurant ? t('timeZone.subtitleFor', { restaurant }) : t('timeZone.subtitle')}
    >
      <TimeZoneForm
        onSaved={async () => {
          // the stored restaurant info still says 'Unknown': read it again before restarting
          await refreshRestaurantInfo().catch(() => useSession.setState({ roles: [] }));
          reloadAt('/dashboard');
        }}
      />
    </AuthCard>
  );
}
