import { Collapse, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCents, formatDay, type TDisplayLanguage } from '@ra/shared/format/locale-format';
import { formatHundredths } from '@ra/shared/work-hours/hours';
import type { TWorkDurationResponse } from '@ra/shared/work-hours/work-hours.schemas';
import { laborRows } from '../labor.ts';

/** Labour cost against net sales per business day and per hour of the day (managers only). */
export function LaborSummary({ data, lang }: { data: TWorkDurationResponse; lang: TDisplayLanguage }) {
  const { t } = useTranslation('work-hours');
  const { byDay, byHour } = laborRows(data.timesheet);
  const percent = (p: number | null) => (p === null ? t('labor.none') : `${p.toFixed(1)}%`);
  return (
    <Collapse
      className="ra-wh-gap"
      items={[
        {
          key: 'labor',
          label: t('labor.title'),
          children: (
            <>
              <Table
                size="small"
                rowKey="day"
                pagination={false}
                dataSource={byDay}
                scroll={{ x: 480 }}
                columns={[
                  { key: 'day', title: t('labor.day'), render: (_, r) => formatDay(r.day, lang, { weekday: true }) },
                  {
                    key: 'hours',
                    title: t('labor.hours'),
                    align: 'right',
                    render: (_, r) => formatHundredths(r.hours),
                  },
                  {
                    key: 'cost',
                    title: t('labor.cost'),
                    align: 'right',
                    render: (_, r) => formatCents(r.laborCents, lang),
                  },
                  {
                    key: 'sales',
                    title: t('labor.sales'),
                    align: 'right',
                    render: (_, r) => formatCents(r.salesCents, lang),
                  },
                  { key: 'pct', title: t('labor.percent'), align: 'right', render: (_, r) => percent(r.percent) },
                ]}
              />
              <h3 className="ra-wh-subtitle">{t('labor.byHour')}</h3>
              <Table
                size="small"
                rowKey="hour"
                pagination={false}
                dataSource={byHour}
                scroll={{ x: 400 }}
                columns={[
                  { key: 'hour', title: t('labor.hour'), render: (_, r) => `${String(r.hour).padStart(2, '0')}:00` },
                  {
                    key: 'cost',
                    title: t('labor.cost'),
                    align: 'right',
                    render: (_, r) => formatCents(r.laborCents, lang),
                  },
                  {
                    key: 'sales',
                    title: t('labor.sales'),
                    align: 'right',
                    render: (_, r) => formatCents(r.salesCents, lang),
                  },
                  { key: 'pct', title: t('labor.percent'), align: 'right', render: (_, r) => percent(r.percent) },
                ]}
              />
            </>
          ),
        },
      ]}
    />
  );
}
