import { Alert, Button, Skeleton, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@ra/shared/errors';
import { formatCents, formatDay, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { formatHundredths, laborPercent } from '@ra/shared/work-hours/hours';
import { errorText } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';
import { useLabor } from '../api/get-labor.ts';

/**
 * The analytic center's labour section: labour cost against net sales over the chosen business days,
 * per day and per hour of the day. Only for those who may edit work hours (wages are theirs to see);
 * everyone else sees nothing here (the server refuses them too). Texts are the work-hours ones.
 */
export function LaborSection({ range }: { range: { from: string; to: string } }) {
  const { t, i18n } = useTranslation('work-hours');
  const lang = toDisplayLanguage(i18n.language);
  const allowed = useSession((s) => s.operationAuthority.editWorkHour);
  const query = useLabor(range, allowed);
  if (!allowed) return null;
  const data = query.data;
  const percent = (labor: number, sales: number) => {
    const p = laborPercent(labor, sales);
    return p === null ? t('labor.none') : `${p.toFixed(1)}%`;
  };
  /** Labour cost, net sales and labour %: the same three columns by day and by hour. */
  const moneyColumns = <T extends { laborCents: number; netSalesCents: number }>(): ColumnsType<T> => [
    { key: 'cost', title: t('labor.cost'), align: 'right', render: (_, r) => formatCents(r.laborCents, lang) },
    { key: 'sales', title: t('labor.sales'), align: 'right', render: (_, r) => formatCents(r.netSalesCents, lang) },
    {
      key: 'pct',
      title: t('labor.percent'),
      align: 'right',
      render: (_, r) => percent(r.laborCents, r.netSalesCents),
    },
  ];
  return (
    <section className="ra-an__panel" aria-label={t('labor.analyticsTitle')} data-testid="labor-section">
      <h2 className="ra-an__title">{t('labor.analyticsTitle')}</h2>
      {query.isError ? (
        <Alert
          type="warning"
          showIcon
          title={errorText(query.error, MESSAGES.fetchFailed.en)}
          action={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <>
          <dl className="ra-an__figures">
            <div className="ra-an__figure">
              <dt>{t('labor.cost')}</dt>
              <dd>{formatCents(data.totals.laborCents, lang)}</dd>
            </div>
            <div className="ra-an__figure">
              <dt>{t('labor.sales')}</dt>
              <dd>{formatCents(data.totals.netSalesCents, lang)}</dd>
            </div>
            <div className="ra-an__figure">
              <dt>{t('labor.percent')}</dt>
              <dd data-testid="labor-percent">{percent(data.totals.laborCents, data.totals.netSalesCents)}</dd>
            </div>
            <div className="ra-an__figure">
              <dt>{t('labor.hours')}</dt>
              <dd>{formatHundredths(data.totals.hours)}</dd>
            </div>
          </dl>
          <h3 className="ra-an__subtitle">{t('labor.byDay')}</h3>
          <Table
            size="small"
            rowKey="day"
            dataSource={data.days}
            pagination={data.days.length > 14 ? { pageSize: 14, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'day', title: t('labor.day'), render: (_, r) => formatDay(r.day, lang, { weekday: true }) },
              { key: 'hours', title: t('labor.hours'), align: 'right', render: (_, r) => formatHundredths(r.hours) },
              ...moneyColumns<(typeof data.days)[number]>(),
            ]}
          />
          <h3 className="ra-an__subtitle">{t('labor.byHour')}</h3>
          <Table
            size="small"
            rowKey="hour"
            pagination={false}
            dataSource={data.byHour.filter((h) => h.laborCents > 0 || h.netSalesCents > 0)}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'hour', title: t('labor.hour'), render: (_, r) => `${String(r.hour).padStart(2, '0')}:00` },
              ...moneyColumns<(typeof data.byHour)[number]>(),
            ]}
          />
        </>
      )}
    </section>
  );
}
