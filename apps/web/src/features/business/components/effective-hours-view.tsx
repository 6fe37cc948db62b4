import { Button, Result, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TEffectiveDay, TEffectiveHours } from '@ra/shared/business/business.schemas';
import { errorText } from '../../../lib/request.ts';
import { useApp } from '../../../stores/app.ts';
import { useEffectiveHours } from '../api/effective-hours.ts';

type TChannelDay = TEffectiveDay['channels'][number];

function ChannelCell({ c }: { c: TChannelDay }) {
  const { t } = useTranslation('business');
  const ranges = rangeText(c.ranges, t('hours.nextDayShort'));
  return (
    <span className="ra-business__channel">
      <span>{ranges || <Typography.Text type="secondary">{t('effective.closed')}</Typography.Text>}</span>
      {c.reason === 'disabled' && <Tag>{t('effective.disabled')}</Tag>}
      {c.reason === 'paused' && (
        <Tag color="orange">{c.until ? t('effective.pausedUntil', { time: c.until }) : t('effective.paused')}</Tag>
      )}
      {c.reason === 'busy' && (
        <Tag color="gold">
          {c.until
            ? t('effective.busyUntil', { minutes: c.extraMinutes, time: c.until })
            : t('effective.busy', { minutes: c.extraMinutes })}
        </Tag>
      )}
    </span>
  );
}

const rangeText = (ranges: TChannelDay['ranges'], nextDay: string) =>
  ranges.map((r) => `${r.open}–${r.close}${r.overnight ? ` ${nextDay}` : ''}`).join(', ');

/** Each connected delivery platform's hours that day, with its pause. */
function PlatformsCell({ day }: { day: TEffectiveDay }) {
  const { t } = useTranslation('business');
  if (day.platforms.length === 0)
    return <Typography.Text type="secondary">{t('effective.noPlatforms')}</Typography.Text>;
  return (
    <span className="ra-business__stack">
      {day.platforms.map((p) => (
        <span key={p.platform} className="ra-business__channel" data-platform={p.platform}>
          <Typography.Text strong>{p.label}</Typography.Text>
          <span>
            {rangeText(p.ranges, t('hours.nextDayShort')) || (
              <Typography.Text type="secondary">{t('effective.closed')}</Typography.Text>
            )}
          </span>
          {p.reason === 'paused' && (
            <Tag color="orange">{p.until ? t('effective.pausedUntil', { time: p.until }) : t('effective.paused')}</Tag>
          )}
        </span>
      ))}
    </span>
  );
}

/** Dishes sold only at some hours: when they can be ordered that day (within the store's hours). */
function DishesCell({ day }: { day: TEffectiveDay }) {
  const { t } = useTranslation('business');
  if (day.dishes.length === 0) return <Typography.Text type="secondary">{t('effective.allDishes')}</Typography.Text>;
  return (
    <span className="ra-business__stack">
      {day.dishes.map((d) => (
        <span key={d.hours} className="ra-business__channel" title={d.items.join(', ')}>
          <span>
            {d.items.length === 1
              ? d.items[0]
              : t('effective.dishGroup', { first: d.items[0], count: d.items.length - 1 })}
          </span>
          <span>
            {rangeText(d.ranges, t('hours.nextDayShort')) || (
              <Typography.Text type="secondary">{t('effective.notOffered')}</Typography.Text>
            )}
          </span>
        </span>
      ))}
    </span>
  );
}

function SourceTag({ day }: { day: TEffectiveDay }) {
  const { t } = useTranslation('business');
  if (day.source === 'weekly') return null;
  return (
    <Tag color={day.source === 'holiday' ? 'red' : 'blue'}>
      {t(`effective.source.${day.source}`)}
      {day.note ? ` · ${day.note}` : ''}
    </Tag>
  );
}

/** The next 14 days as each channel will offer them, so an owner sees what customers will see. */
export function EffectiveHoursView() {
  const { t, i18n } = useTranslation('business');
  const query = useEffectiveHours();
  const mobile = useApp((s) => s.device === 'mobile');
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError)
    return (
      <Result
        status="error"
        title={t('effective.loadFailed')}
        subTitle={errorText(query.error)}
        extra={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  const data: TEffectiveHours = query.data;
  const dateLabel = (d: TEffectiveDay) =>
    new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-US', {
      month: 'short',
      day: 'numeric',
      weekday: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${d.date}T00:00:00Z`));
  const channel = (d: TEffectiveDay, name: TChannelDay['channel']) => d.channels.find((c) => c.channel === name)!;

  return (
    <section aria-labelledby="effective-hours-title" data-testid="effective-hours">
      <Typography.Title level={5} id="effective-hours-title">
        {t('effective.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('effective.intro', { zone: data.timeZone })}</Typography.Paragraph>
      {mobile ? (
        <div role="list" className="ra-business__effective-cards">
          {data.days.map((d) => (
            <div role="listitem" key={d.date} className="ra-business__effective-card" data-date={d.date}>
              <Typography.Text strong>{dateLabel(d)}</Typography.Text> <SourceTag day={d} />
              {(['pos', 'kiosk', 'online'] as const).map((name) => (
                <div key={name} className="ra-business__effective-row">
                  <Typography.Text type="secondary">{t(`effective.channel.${name}`)}</Typography.Text>
                  <ChannelCell c={channel(d, name)} />
                </div>
              ))}
              <div className="ra-business__effective-row">
                <Typography.Text type="secondary">{t('effective.delivery')}</Typography.Text>
                <PlatformsCell day={d} />
              </div>
              <div className="ra-business__effective-row">
                <Typography.Text type="secondary">{t('effective.dishes')}</Typography.Text>
                <DishesCell day={d} />
              </div>
            </div>
          ))}
        </div>
      ) : (
        <Table<TEffectiveDay>
          size="small"
          rowKey="date"
          pagination={false}
          dataSource={data.days}
          onRow={(d) => ({ 'data-date': d.date }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('effective.date'),
              key: 'date',
              render: (_, d) => (
                <span>
                  {dateLabel(d)} <SourceTag day={d} />
                </span>
              ),
            },
            ...(['pos', 'kiosk', 'online'] as const).map((name) => ({
              title: t(`effective.channel.${name}`),
              key: name,
              render: (_: unknown, d: TEffectiveDay) => <ChannelCell c={channel(d, name)} />,
            })),
            {
              title: t('effective.delivery'),
              key: 'delivery',
              render: (_: unknown, d: TEffectiveDay) => <PlatformsCell day={d} />,
            },
            {
              title: t('effective.dishes'),
              key: 'dishes',
              render: (_: unknown, d: TEffectiveDay) => <DishesCell day={d} />,
            },
          ]}
        />
      )}
    </section>
  );
}
