import { useTranslation } from 'react-i18next';
import type { TSameTimeOut } from '@ra/shared/reports/reports.schemas';
import { useRestaurantTimeZone } from '../hooks/use-report-range.ts';
import { clock, day } from '../report-format.ts';

/**
 * Says that a period ending today runs up to now and is compared with its comparison period up to the
 * same time (shared reports/same-time.ts), so "-40%" at lunchtime is not read as a bad day.
 */
export function SameTimeNote({
  sameTime,
  previousRange,
}: {
  sameTime: TSameTimeOut;
  previousRange: { from: string; to: string } | null;
}) {
  const { t } = useTranslation('reports');
  const timeZone = useRestaurantTimeZone();
  if (!sameTime || !previousRange) return null;
  return (
    <p className="ra-report__same-time" data-testid="same-time-note">
      {t('sameTime.note', {
        asOf: clock(sameTime.asOf, timeZone),
        previousDay: day(previousRange.to),
        previousUntil: clock(sameTime.previousUntil, timeZone),
      })}
    </p>
  );
}
