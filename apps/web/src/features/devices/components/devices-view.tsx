import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Empty, Input, Pagination, Result, Select, Space, Table, Tag, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_STATUSES,
  DEVICE_TYPES,
  type TDevice,
  type TDeviceListResponse,
  type TDeviceStatus,
} from '@ra/shared/devices/devices.schemas';
import { formatClock, formatCount, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useLatestSearch } from '../../../lib/use-latest-search.ts';
import { useRestaurantZone } from '../../../lib/restaurant-time.ts';
import { useCancelPairingCode } from '../api/cancel-pairing-code.ts';
import { useDevice, useDevices } from '../api/get-devices.ts';
import { devicesSearch, parseDevicesSearch, type TDevicesState } from '../devices-filter.ts';
import { STATUS_COLOR, useVisitText } from './device-visit.ts';
import { DeviceDrawer } from './device-drawer.tsx';
import { PairDeviceModal } from './pair-device-modal.tsx';
import './devices.css';

const MOBILE_WIDTH = 992;

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.innerWidth < MOBILE_WIDTH);
  useEffect(() => {
    const onResize = () => setNarrow(window.innerWidth < MOBILE_WIDTH);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return narrow;
}

/**
 * Devices (SPEC 2 /deviceSetting/index, 3 "Device"): the restaurant's devices with status judged by the
 * server's clock, polled so changes show live; filters, page and the open dialog live in the URL.
 */
export function DevicesView() {
  const { t } = useTranslation('devices');
  const [search, setSearch] = useLatestSearch();
  const state = useMemo(() => parseDevicesSearch(search), [search]);
  const pairing = state.dialog?.kind === 'pair';
  const query = useDevices(state.query, pairing);
  const cancelCode = useCancelPairingCode();
  const [q, setQ] = useState(state.query.q ?? '');
  const narrow = useNarrow();
  const lang = toDisplayLanguage(currentLanguage());
  const zone = useRestaurantZone();
  const visit = useVisitText(query.data?.serverTime);

  // each change builds on the last one asked for, even before the page has rendered it (useLatestSearch)
  const change = (next: (current: TDevicesState) => Partial<TDevicesState>, replace = true) =>
    setSearch(
      (search) => {
        const current = parseDevicesSearch(search);
        return devicesSearch({ ...current, ...next(current) });
      },
      { replace },
    );
  const go = (next: Partial<TDevicesState>, replace = true) => change(() => next, replace);
  const filter = (patch: Partial<TDevicesState['query']>) =>
    change((current) => ({ query: { ...current.query, page: 1, ...patch } }));
  const open = (id: number) => go({ dialog: { kind: 'device', id } }, false);
  const close = () => go({ dialog: null });

  const data: TDeviceListResponse | undefined = query.data;
  const rows = data?.items ?? [];
  const filtered = Boolean(state.query.type || state.query.status || state.query.q);
  // The drawer's device is fetched by id: revoking sorts it last (maybe onto another page) and a status
  // filter may drop it, and the drawer must still show it, with its new status. Of its two sources, the
  // list row and its own answer (the revoke's or save's answer, or its poll), the newer one wins.
  const selectedId = state.dialog?.kind === 'device' ? state.dialog.id : undefined;
  const detail = useDevice(selectedId);
  const listed = selectedId === undefined ? undefined : rows.find((d) => d.id === selectedId);
  const own = selectedId === undefined ? undefined : detail.data;
  const selected = listed && own ? (query.dataUpdatedAt > detail.dataUpdatedAt ? listed : own) : (own ?? listed);

  const statusTag = (d: TDevice) => (
    <Tag color={STATUS_COLOR[d.status]} className={`ra-devices__status ra-devices__status--${d.status}`}>
      {t(`status.${d.status}`)}
    </Tag>
  );
  const rowLabel = (d: TDevice) =>
    t('rowLabel', { name: d.name, type: t(`type.${d.type}`), status: t(`status.${d.status}`) });

  const columns: ColumnsType<TDevice> = [
    {
      key: 'device',
      title: t('columns.device'),
      render: (_, d) => (
        <Button type="link" className="ra-devices__name" onClick={() => open(d.id)}>
          {d.name}
          {d.code ? <span className="ra-devices__code">{d.code}</span> : null}
          {/* type and status read after the visible name and code (the accessible name starts with what is seen) */}
          <span className="ra-sr-only">
            {t('rowLabelRest', { type: t(`type.${d.type}`), status: t(`status.${d.status}`) })}
          </span>
        </Button>
      ),
    },
    { key: 'type', title: t('columns.type'), render: (_, d) => t(`type.${d.type}`) },
    {
      key: 'model',
      title: t('columns.model'),
      render: (_, d) => (
        <div className="ra-devices__two">
          <span>{d.model ?? '—'}</span>
          <Typography.Text type="secondary">{d.serialNumber ?? ''}</Typography.Text>
        </div>
      ),
    },
    {
      key: 'network',
      title: t('columns.network'),
      render: (_, d) => (
        <div className="ra-devices__two">
          <span className="ra-devices__mono">{d.macAddress ?? '—'}</span>
          <Typography.Text type="secondary">{d.ipAddress ?? ''}</Typography.Text>
        </div>
      ),
    },
    { key: 'status', title: t('columns.status'), render: (_, d) => statusTag(d) },
    {
      key: 'lastVisit',
      title: t('columns.lastVisit'),
      render: (_, d) => (
        <div className="ra-devices__two">
          <span>{visit(d.lastVisitAt)}</span>
          <Typography.Text type="secondary">{d.lastIp ?? ''}</Typography.Text>
        </div>
      ),
    },
    {
      key: 'app',
      title: t('columns.app'),
      render: (_, d) => (d.platform ? `${t(`platform.${d.platform}`)} ${d.appVersion ?? ''}` : '—'),
    },
  ];

  if (query.isError && !data) {
    return (
      <Result
        status="error"
        title={t('loadError')}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }

  return (
    <div className="ra-devices">
      <div className="ra-devices__head">
        <div>
          <Typography.Title level={2} className="ra-devices__title">
            {t('title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="ra-devices__intro">
            {t('intro')}
          </Typography.Paragraph>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => go({ dialog: { kind: 'pair' } }, false)}>
          {t('actions.pair')}
        </Button>
      </div>

      {data ? (
        <p className="ra-devices__summary" aria-live="polite" data-testid="devices-summary">
          {t('summary', {
            online: formatCount(data.counts.online, lang),
            offline: formatCount(data.counts.offline, lang),
            revoked: formatCount(data.counts.revoked, lang),
          })}
          <Typography.Text type="secondary"> · {t('liveNote')}</Typography.Text>
        </p>
      ) : null}

      {data && data.pendingCodes.length > 0 ? (
        <Alert
          type="info"
          className="ra-devices__pending"
          title={t('pending.title')}
          description={
            <ul className="ra-devices__pending-list">
              {data.pendingCodes.map((p) => (
                <li key={p.id}>
                  {t('pending.item', {
                    name: p.name,
                    type: t(`type.${p.type}`),
                    time: formatClock(p.expiresAt, lang, zone),
                  })}{' '}
                  <Button size="small" type="link" onClick={() => cancelCode.mutate(p.id)}>
                    {t('actions.withdraw')}
                  </Button>
                </li>
              ))}
            </ul>
          }
        />
      ) : null}

      <Space wrap className="ra-devices__filters">
        <Input.Search
          allowClear
          aria-label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onSearch={(value) => filter({ q: value.trim() || undefined })}
          className="ra-devices__search"
        />
        <Select
          aria-label={t('filters.type')}
          value={state.query.type ?? ''}
          onChange={(value: string) => filter({ type: (value || undefined) as TDevice['type'] | undefined })}
          options={[
            { value: '', label: t('filters.allTypes') },
            ...DEVICE_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) })),
          ]}
          className="ra-devices__select"
        />
        <Select
          aria-label={t('filters.status')}
          value={state.query.status ?? ''}
          onChange={(value: string) => filter({ status: (value || undefined) as TDeviceStatus | undefined })}
          options={[
            { value: '', label: t('filters.allStatuses') },
            ...DEVICE_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) })),
          ]}
          className="ra-devices__select"
        />
      </Space>

      {narrow ? (
        rows.length === 0 ? (
          query.isLoading ? null : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(filtered ? 'emptyFiltered' : 'empty')} />
          )
        ) : (
          <ul className="ra-devices__cards" aria-busy={query.isFetching || undefined}>
            {rows.map((d) => (
              <li key={d.id}>
                <button type="button" className="ra-devices__card" aria-label={rowLabel(d)} onClick={() => open(d.id)}>
                  <span className="ra-devices__card-top">
                    <strong>{d.name}</strong>
                    {statusTag(d)}
                  </span>
                  <span className="ra-devices__card-line">
                    {t(`type.${d.type}`)}
                    {d.code ? ` · ${d.code}` : ''} · {d.model ?? ''}
                  </span>
                  <span className="ra-devices__card-line">
                    {t('fields.lastVisit')}: {visit(d.lastVisitAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : (
        <Table<TDevice>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={query.isLoading}
          pagination={false}
          rowClassName={(d) => `ra-devices__row ra-devices__row--${d.status}`}
          locale={{ emptyText: t(filtered ? 'emptyFiltered' : 'empty') }}
          scroll={{ x: 900 }}
        />
      )}

      {data && data.total > 0 ? (
        <Pagination
          className="ra-devices__pager"
          current={state.query.page}
          pageSize={state.query.pageSize}
          total={data.total}
          showSizeChanger
          pageSizeOptions={[10, 20, 50]}
          showTotal={(total) => t('total', { count: total })}
          onChange={(page, pageSize) => go({ query: { ...state.query, page, pageSize } })}
          size={narrow ? 'small' : undefined}
        />
      ) : null}

      <PairDeviceModal
        open={pairing}
        pendingIds={data?.pendingCodes.map((p) => p.id)}
        devices={rows}
        serverTime={data?.serverTime}
        onClose={close}
      />
      <DeviceDrawer device={selected} serverTime={data?.serverTime} onClose={close} />
    </div>
  );
}
