import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Empty, List, Space, Table, Tag, Typography } from 'antd';
import type { TSegment } from '@ra/shared/segments/segments.schemas';
import { showConfirm } from '../../../lib/feedback.ts';
import { errorText } from '../../../lib/request.ts';
import { useRestaurantTime } from '../../../lib/restaurant-time.ts';
import { useNarrow } from '../../../lib/media-query.ts';
import { useDeleteSegment, useSegments, useUpdateSegment } from '../api/segments-api.ts';
import type { TFilter } from '../customers-filter.ts';
import { notifyError, notifySuccess, tr } from '../feedback.ts';
import { conditionsOf, fromSegmentFilter, toRequestFilter } from '../segment-filter.ts';
import { money } from './customer-drawer.tsx';
import { SegmentNameDialog } from './segment-name-dialog.tsx';

/** How many a segment matches now, as the list's count says it (capped at 10,000). */
export function MatchCount({ segment }: { segment: TSegment }) {
  const { t } = useTranslation('segments');
  return (
    <span data-testid={`segment-count-${segment.id}`}>
      {segment.matches.totalCapped
        ? t('matchesCapped', { count: segment.matches.total })
        : t('matches', { count: segment.matches.total })}
    </span>
  );
}

/**
 * The restaurant's saved segments (issue 24): each with what it asks for and how many it matches now;
 * show it in the list, write an SMS to it, rename it, save the list's current filter into it, or
 * delete it (after a confirmation). Empty: says how one is made.
 */
export function SegmentsCard(props: {
  /** The list's filter as applied now (what "Save current filter here" stores). */
  currentFilter: TFilter;
  onShow(filter: TFilter): void;
  onText(segment: TSegment): void;
}) {
  const { t } = useTranslation('segments');
  const time = useRestaurantTime();
  const segments = useSegments();
  const update = useUpdateSegment();
  const remove = useDeleteSegment();
  const [renaming, setRenaming] = useState<TSegment | null>(null);
  // SPEC 9: under 992px a card per segment, its actions wrapping under it, instead of a wide table
  const narrow = useNarrow();

  const refilter = (s: TSegment) =>
    showConfirm({
      title: t('refilterTitle', { name: s.name }),
      content: t('refilterText'),
      okText: t('refilterOk'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await update.mutateAsync({ id: s.id, change: { filter: toRequestFilter(props.currentFilter) } });
          notifySuccess(t('saved'));
        } catch (e) {
          notifyError(tr(errorText(e)));
        }
      },
    });

  const confirmDelete = (s: TSegment) =>
    showConfirm({
      title: t('deleteTitle', { name: s.name }),
      content: t('deleteText'),
      okText: t('deleteOk'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(s.id);
          notifySuccess(t('deleted'));
        } catch (e) {
          notifyError(tr(errorText(e)));
        }
      },
    });

  const conditions = (s: TSegment) => (
    <Space size={[4, 4]} wrap>
      {conditionsOf(fromSegmentFilter(s.filter), money).map((c) => (
        <Tag key={c.key}>{t(`conditions_${c.key}`, c.values)}</Tag>
      ))}
    </Space>
  );
  const actions = (s: TSegment) => (
    <Space size={[4, 4]} wrap>
      <Button size="small" onClick={() => props.onShow(fromSegmentFilter(s.filter))}>
        {t('show')}
      </Button>
      <Button size="small" type="primary" onClick={() => props.onText(s)}>
        {t('writeSms')}
      </Button>
      <Button size="small" onClick={() => setRenaming(s)}>
        {t('rename')}
      </Button>
      <Button size="small" onClick={() => refilter(s)}>
        {t('refilter')}
      </Button>
      <Button size="small" danger onClick={() => confirmDelete(s)}>
        {t('delete')}
      </Button>
    </Space>
  );
  const empty = (
    <Empty
      description={
        <>
          <div>{t('empty')}</div>
          <Typography.Text type="secondary">{t('emptyHow')}</Typography.Text>
        </>
      }
    />
  );

  return (
    <Card title={t('title')} data-testid="segments">
      {segments.isError ? (
        <Typography.Text type="danger">{tr(errorText(segments.error))}</Typography.Text>
      ) : narrow ? (
        <List
          loading={segments.isLoading}
          dataSource={segments.data?.rows ?? []}
          locale={{ emptyText: empty }}
          renderItem={(s) => (
            <List.Item key={s.id} data-testid="segment-item" style={{ display: 'block' }}>
              <Space orientation="vertical" size={6} style={{ width: '100%' }}>
                <div>
                  <b>{s.name}</b> · <MatchCount segment={s} />
                </div>
                {conditions(s)}
                <Typography.Text type="secondary">
                  {t('updatedAt')} {time.dateTime(s.updatedAt)}
                </Typography.Text>
                {actions(s)}
              </Space>
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          size="small"
          scroll={{ x: 760 }}
          loading={segments.isLoading}
          dataSource={segments.data?.rows ?? []}
          pagination={false}
          locale={{ emptyText: empty }}
          columns={[
            { title: t('name'), dataIndex: 'name', render: (n: string) => <b>{n}</b> },
            { title: t('customersNow'), render: (_, s) => <MatchCount segment={s} /> },
            { title: t('conditions'), render: (_, s) => conditions(s) },
            { title: t('updatedAt'), dataIndex: 'updatedAt', render: (v: string) => time.dateTime(v) },
            { title: t('actions'), render: (_, s) => actions(s) },
          ]}
        />
      )}
      <SegmentNameDialog
        open={renaming !== null}
        title={t('renameTitle')}
        initialName={renaming?.name ?? ''}
        onClose={() => setRenaming(null)}
        onSave={async (name) => {
          await update.mutateAsync({ id: renaming!.id, change: { name } });
          notifySuccess(t('saved'));
        }}
      />
    </Card>
  );
}
