import { useTranslation } from 'react-i18next';
import type { TDeviceStatus } from '@ra/shared/devices/devices.schemas';
import { formatDateTime, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useRestaurantZone } from '../../../lib/restaurant-time.ts';
import { sinceLastVisit } from '../devices-filter.ts';

export const STATUS_COLOR: Record<TDeviceStatus, string> = { online: 'green', offline: 'orange', revoked: 'default' };

/** "12 s ago" in the interface language, judged by the server's clock. */
export function useVisitText(serverTime: string | undefined) {
  const { t } = useTranslation('devices');
  const lang = toDisplayLanguage(currentLanguage());
  const zone = useRestaurantZone();
  return (at: string | null) => {
    const since = sinceLastVisit(at, serverTime ?? new Date(0).toISOString());
    if (since.unit === 'never' || !at) return t('visit.never');
    if (since.unit === 'date') return formatDateTime(at, lang, zone);
    return t(`visit.${since.unit}`, { count: since.value });
  };
}
