import { lazy, Suspense, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, type TDatePreset } from '@ra/shared/business-day/date-range';
import type { TReportRange } from '../report-range.ts';
import { day } from '../report-format.ts';

/**
 * The days picker (antd's DatePicker with dayjs) loads while the report draws its figures and takes
 * its place once here (issue 21): until then a box of its size shows the same days.
 */
const DateRangeDays = lazy(() => import('./date-range-days.tsx'));

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
  const { t } = useTranslation('reports');
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
      <Suspense
        fallback={
          <span className="ra-report-range__days ra-report-range__days--loading" aria-busy="true">
            {day(range.from)} → {day(range.to)}
          </span>
        }
      >
        <DateRangeDays range={range} today={today} open={pickerOpen} onOpenChange={setPickerOpen} onDays={onDays} />
      </Suspense>
    </div>
  );
}
