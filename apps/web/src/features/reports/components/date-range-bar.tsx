import { useState } from 'react';
import { DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, daysInRange, type TDatePreset } from '@ra/shared/business-day/date-range';
import { MAX_REPORT_RANGE_DAYS } from '@ra/shared/reports/report-constants';
import { toDisplayLanguage } from '@ra/shared/format/locale-format';
import { dayPickerFormat } from '../../../lib/day-picker-format.ts';
import { showErrorMessage } from '../../../lib/feedback.ts';
import type { TReportRange } from '../report-range.ts';
import { dayPickerKeys } from '../../../components/date-input.tsx';

const DAY = 'YYYY-MM-DD';

/**
 * The report's period: a preset (today … last month, in the restaurant's business days) or custom days.
 * Picking days makes the range custom; the days picked are business days, not the viewer's calendar.
 */
export function DateRangeBar({
  range,
  today,
  onPreset,
  onDays,
}: {
  range: TReportRange;
  today: string;
  onPreset: (preset: Exclude<TDatePreset, 'custom'>) => void;
  onDays: (days: { from: string; to: string }) => void;
}) {
  const { t, i18n } = useTranslation('reports');
  const [pickerOpen, setPickerOpen] = useState(false);
  return (
    <div className="ra-report-range">
      <Select<TDatePreset>
        aria-label={t('range.preset')}
        className="ra-report-range__preset"
        value={range.preset}
        popupMatchSelectWidth={false}
        options={DATE_PRESETS.map((p) => ({ value: p, label: t(`range.presets.${p}`) }))}
        onChange={(preset) => {
          if (preset === 'custom') setPickerOpen(true);
          else onPreset(preset);
        }}
      />
      <DatePicker.RangePicker
        {...dayPickerKeys}
        aria-label={t('range.days')}
        className="ra-report-range__days"
        allowClear={false}
        format={dayPickerFormat(toDisplayLanguage(i18n.language))}
        open={pickerOpen}
        onOpenChange={setPickerOpen}
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
    </div>
  );
}
