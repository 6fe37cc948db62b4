import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { daysInRange } from '@ra/shared/business-day/date-range';
import { MAX_REPORT_RANGE_DAYS } from '@ra/shared/reports/report-constants';
import { toDisplayLanguage } from '@ra/shared/format/locale-format';
import { dayPickerFormat } from '../../../lib/day-picker-format.ts';
import { showErrorMessage } from '../../../lib/feedback.ts';
import { dayPickerKeys } from '../../../components/date-input.tsx';
import type { TReportRange } from '../report-range.ts';

const DAY = 'YYYY-MM-DD';

/**
 * The report's custom days (DateRangeBar): antd's range picker, in a module of its own so the report's
 * figures do not wait for the picker's code (issue 21). Picking days makes the range custom; the days
 * picked are business days, not the viewer's calendar.
 */
export default function DateRangeDays({
  range,
  today,
  open,
  onOpenChange,
  onDays,
}: {
  range: TReportRange;
  today: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDays: (days: { from: string; to: string }) => void;
}) {
  const { t, i18n } = useTranslation('reports');
  return (
    <DatePicker.RangePicker
      {...dayPickerKeys}
      aria-label={t('range.days')}
      className="ra-report-range__days"
      allowClear={false}
      format={dayPickerFormat(toDisplayLanguage(i18n.language))}
      open={open}
      onOpenChange={onOpenChange}
      value={[dayjs(range.from, DAY), dayjs(range.to, DAY)]}
      disabledDate={(d) => d.format(DAY) > today}
      onChange={(values) => {
        const [from, to] = values ?? [];
        if (!from || !to) return;
        const days = { from: from.format(DAY), to: to.format(DAY) };
        if (daysInRange(days) > MAX_REPORT_RANGE_DAYS) {
          showErrorMessage(t('range.tooLong', { days: MAX_REPORT_RANGE_DAYS }));
          return;
        }
        onDays(days);
      }}
    />
  );
}
