import { useState } from 'react';
import { Alert, Button, Card, Empty, Result, Skeleton, Space, Statistic, Table, Tag } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import FileExcelOutlined from '@ant-design/icons/FileExcelOutlined';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@ra/shared/errors';
import { formatCents, formatDay, toDisplayLanguage } from '@ra/shared/format/locale-format';
import type { TTipLine } from '@ra/shared/tips/tips.schemas';
import { formatHundredths } from '@ra/shared/work-hours/hours';
import { showErrorMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/request.ts';
import { downloadTips, useTipPeriod } from './tips-api.ts';
import './tips.css';

/**
 * Tips per pay period (issue 23): the pools, each employee's share, hours and tips per hour, with the
 * export. A locked (closed) period shows the tips it kept. Staff see only their own line (the server
 * sends nothing else).
 */
export function TipsView({
  start,
  onPeriod,
  canEdit,
  narrow,
}: {
  start: string | null;
  onPeriod: (start: string | null) => void;
  canEdit: boolean;
  narrow: boolean;
}) {
  const { t } = useTranslation('tips');
  const lang = toDisplayLanguage(currentLanguage());
  const query = useTipPeriod(start);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const data = query.data;

  if (query.isError && !data) {
    return (
      <Result
        status="warning"
        title={t('title')}
        subTitle={errorText(query.error, MESSAGES.fetchFailed.en)}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }
  if (!data) return <Skeleton active aria-label={t('loading')} />;

  async function exportAs(format: 'csv' | 'xlsx') {
    if (!data) return;
    setExporting(format);
    try {
      await downloadTips(data.period.start, format);
    } catch (e) {
      showErrorMessage(errorText(e));
    } finally {
      setExporting(null);
    }
  }

  const money = (c: number) => formatCents(c, lang);
  const hourly = (l: TTipLine) => (l.hourlyCents === null ? '—' : money(l.hourlyCents));
  return (
    <div className="ra-tips" data-testid="tips-view">
      <div className="ra-wh-head">
        <Space wrap aria-label={t('periodLabel')}>
          <Button icon={<LeftOutlined />} aria-label={t('prev')} onClick={() => onPeriod(data.previousStart)} />
          <span className="ra-wh-period__range" aria-live="polite">
            {formatDay(data.period.start, lang)} – {formatDay(data.period.end, lang)}
          </span>
          <Button
            icon={<RightOutlined />}
            aria-label={t('next')}
            disabled={data.nextStart === null}
            onClick={() => onPeriod(data.nextStart)}
          />
          {start && <Button onClick={() => onPeriod(null)}>{t('current')}</Button>}
          <Tag color={data.status === 'locked' ? 'red' : 'green'} data-testid="tips-status">
            {data.status === 'locked' ? <LockOutlined /> : null} {t(`status.${data.status}`)}
          </Tag>
          <span className="ra-wh-muted">{t(`period.${data.rulePeriod}`)}</span>
        </Space>
        {canEdit && (
          <Space wrap>
            <Button icon={<DownloadOutlined />} loading={exporting === 'csv'} onClick={() => void exportAs('csv')}>
              {t('actions.exportCsv')}
            </Button>
            <Button icon={<FileExcelOutlined />} loading={exporting === 'xlsx'} onClick={() => void exportAs('xlsx')}>
              {t('actions.exportXlsx')}
            </Button>
          </Space>
        )}
      </div>
      {!canEdit && <Alert type="info" showIcon className="ra-wh-gap" title={t('ownOnly')} />}
      {data.status === 'locked' && (
        <Alert type="warning" showIcon icon={<LockOutlined />} className="ra-wh-gap" title={t('lockedNote')} />
      )}
      {(data.adjustmentCents ?? 0) !== 0 && (
        <Alert
          type="info"
          showIcon
          className="ra-wh-gap"
          data-testid="tips-adjustment-note"
          title={t('adjustmentNote', { cents: money(-(data.adjustmentCents ?? 0)) })}
        />
      )}
      {data.unassignedCents > 0 && canEdit && (
        <Alert
          type="info"
          showIcon
          className="ra-wh-gap"
          title={t('unassigned', { cents: money(data.unassignedCents) })}
        />
      )}

      <div className="ra-wh-stats">
        <Card size="small">
          <Statistic title={t('summary.total')} value={money(data.totalCents)} />
        </Card>
        <Card size="small">
          <Statistic title={t('summary.tipOuts')} value={money(data.tipOutCents)} />
        </Card>
        {data.pools.map((p) => (
          <Card size="small" key={p.name}>
            <Statistic title={t('summary.pool', { name: p.name })} value={money(p.cents)} />
          </Card>
        ))}
        {(data.adjustmentCents ?? 0) !== 0 && (
          <Card size="small">
            <Statistic title={t('summary.adjustments')} value={money(data.adjustmentCents)} />
          </Card>
        )}
      </div>

      {data.lines.length === 0 ? (
        <Empty description={t('empty')} />
      ) : narrow ? (
        <div className="ra-tips-cards">
          {data.lines.map((l) => (
            <Card size="small" key={l.userId} title={l.name} extra={<strong>{money(l.finalCents)}</strong>}>
              <dl className="ra-tips-dl">
                <dt>{t('columns.hours')}</dt>
                <dd>{formatHundredths(l.hours)}</dd>
                <dt>{t('columns.collected')}</dt>
                <dd>{money(l.collectedCents)}</dd>
                <dt>{t('columns.tipOuts')}</dt>
                <dd>
                  −{money(l.tipOutGivenCents)} / +{money(l.tipOutReceivedCents)}
                </dd>
                <dt>{t('columns.pool')}</dt>
                <dd>
                  −{money(l.pooledInCents)} / +{money(l.poolShareCents)}
                </dd>
                {(l.adjustmentCents ?? 0) !== 0 && (
                  <>
                    <dt>{t('columns.adjustment')}</dt>
                    <dd>{money(l.adjustmentCents)}</dd>
                  </>
                )}
                <dt>{t('columns.hourly')}</dt>
                <dd>{hourly(l)}</dd>
              </dl>
            </Card>
          ))}
        </div>
      ) : (
        <Table
          size="small"
          rowKey="userId"
          dataSource={data.lines}
          pagination={data.lines.length > 50 ? { pageSize: 50 } : false}
          scroll={{ x: true }}
          columns={[
            { key: 'name', title: t('columns.employee'), dataIndex: 'name' },
            { key: 'roles', title: t('columns.roles'), render: (_, l) => l.roles.join(', ') || '—' },
            { key: 'hours', title: t('columns.hours'), render: (_, l) => formatHundredths(l.hours), align: 'right' },
            { key: 'card', title: t('columns.card'), render: (_, l) => money(l.cardTipCents), align: 'right' },
            { key: 'cash', title: t('columns.cash'), render: (_, l) => money(l.declaredCents), align: 'right' },
            {
              key: 'service',
              title: t('columns.service'),
              render: (_, l) => money(l.serviceChargeCents),
              align: 'right',
            },
            {
              key: 'given',
              title: t('columns.given'),
              render: (_, l) => money(l.tipOutGivenCents ? -l.tipOutGivenCents : 0),
              align: 'right',
            },
            {
              key: 'received',
              title: t('columns.received'),
              render: (_, l) => money(l.tipOutReceivedCents),
              align: 'right',
            },
            {
              key: 'in',
              title: t('columns.pooledIn'),
              render: (_, l) => money(l.pooledInCents ? -l.pooledInCents : 0),
              align: 'right',
            },
            { key: 'share', title: t('columns.share'), render: (_, l) => money(l.poolShareCents), align: 'right' },
            ...((data.adjustmentCents ?? 0) !== 0
              ? [
                  {
                    key: 'adjustment',
                    title: t('columns.adjustment'),
                    render: (_: unknown, l: TTipLine) => money(l.adjustmentCents ?? 0),
                    align: 'right' as const,
                  },
                ]
              : []),
            {
              key: 'final',
              title: t('columns.final'),
              render: (_, l) => <strong>{money(l.finalCents)}</strong>,
              align: 'right',
            },
            { key: 'hourly', title: t('columns.hourly'), render: (_, l) => hourly(l), align: 'right' },
          ]}
        />
      )}
    </div>
  );
}
