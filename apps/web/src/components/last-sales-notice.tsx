import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDay, toDisplayLanguage } from '@ra/shared/format/locale-format';

/**
 * Says why a sales page shows another day than today: the day has no sale yet, so the page opened on
 * the last business day with sales (lib/last-sales-day.ts). Shown by the sales report and the
 * transactions list until a range is chosen.
 */
export function LastSalesNotice({ day, today }: { day: string; today: string }) {
  const { t, i18n } = useTranslation('common');
  const lang = toDisplayLanguage(i18n.language);
  return (
    <Alert
      type="info"
      showIcon
      data-testid="last-sales-notice"
      style={{ marginBottom: 12 }}
      title={t('lastSales.notice', {
        today: formatDay(today, lang, { weekday: true }),
        day: formatDay(day, lang, { weekday: true }),
      })}
    />
  );
}
