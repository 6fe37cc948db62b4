import type { ReactNode } from 'react';
import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gmtLabel, isValidTimeZone } from '@ra/shared/business-day/business-day';
import { useSession } from '../../../stores/session.ts';
import { useReportRange } from '../hooks/use-report-range.ts';
import { previousRangeOf, type TReportRange } from '../report-range.ts';
import { SALES_REPORT_SECTIONS } from '../report-sections.ts';
import { DateRangeBar } from './date-range-bar.tsx';
import './reports.css';

/** '2026-03-09' or '2026-03-01 – 2026-03-31' (SPEC 9 year-month-day). */
export function formatDays(range: { from: string; to: string }): string {
  return range.from === range.to ? range.from : `${range.from} – ${range.to}`;
}

/**
 * The frame of every sales report section: the sections as tabs (switching keeps the period), the
 * period picker, and which days are compared with which, in which time zone.
 */
export function ReportLayout({ children }: { children: (range: TReportRange) => ReactNode }) {
  const { t } = useTranslation(['reports', 'route']);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { range, today, choosePreset, chooseDays } = useReportRange();
  const timeZone = useSession((s) => s.locales?.timeZone);
  const zoneLabel = timeZone && isValidTimeZone(timeZone) ? `${timeZone} (${gmtLabel(timeZone)})` : null;
  const previous = previousRangeOf(range);

  return (
    <div className="ra-report">
      <Tabs
        className="ra-report__tabs"
        activeKey={pathname}
        onChange={(path) => navigate(`${path}${search}`)}
        items={SALES_REPORT_SECTIONS.map((s) => ({ key: s.path, label: t(`route:${s.titleKey}`) }))}
      />
      <div className="ra-report__bar">
        <DateRangeBar range={range} today={today} onPreset={choosePreset} onDays={chooseDays} />
        <p className="ra-report__period" data-testid="report-period">
          {t('reports:range.comparing', { current: formatDays(range), previous: formatDays(previous) })}
          {zoneLabel && <span className="ra-report__zone"> · {t('reports:range.timeZone', { zone: zoneLabel })}</span>}
        </p>
      </div>
      {children(range)}
    </div>
  );
}
