import { useMemo, useState } from 'react';
import { Alert, Button, Card, Descriptions, Dropdown, Result, Skeleton, Space, Tag, Typography } from 'antd';
import DownOutlined from '@ant-design/icons/DownOutlined';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  REFUSED_WINDOW_DAYS,
  type TDeliveryPlatform,
  type TPlatformConnection,
} from '@ra/shared/delivery/delivery.schemas';
import { formatCents, formatCount, formatDateTime, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { showConfirm, showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { useRestaurantZone } from '../../../lib/restaurant-time.ts';
import { usePlatforms } from '../api/get-platforms.ts';
import { usePlatformAction, type TPlatformAction } from '../api/platform-action.ts';
import { usePublishMenu } from '../api/publish-menu.ts';
import { useSendTestOrder } from '../api/send-test-order.ts';
import { useTestConnection } from '../api/test-connection.ts';
import {
  deliveryDialogSearch,
  parseDeliveryDialog,
  PAUSE_OPTIONS,
  pauseUntil,
  type TDeliveryDialog,
} from '../delivery-dialog.ts';
import { modeTag } from '../connector-mode.ts';
import { ConnectModal } from './connect-modal.tsx';
import { PlatformSettingsDrawer } from './platform-settings-drawer.tsx';
import { ProblemsModal } from './problems-modal.tsx';
import { RefusedOrdersModal } from './refused-orders-modal.tsx';
import './delivery.css';

const STATUS_COLOR: Record<TPlatformConnection['status'], string> = {
  disconnected: 'default',
  connected: 'green',
  paused: 'orange',
};

/**
 * Delivery platforms (SPEC 2 /thirdParty/index): connect, pause and disconnect each, its markup, hours
 * and menu mapping, publishing the menu after checking the platform's rules, and the simulator's
 * test orders. The open panel lives in the URL.
 */
export function DeliveryView() {
  const { t } = useTranslation('delivery');
  const [search, setSearch] = useSearchParams();
  const dialog = useMemo(() => parseDeliveryDialog(search), [search]);
  const query = usePlatforms();
  const action = usePlatformAction();
  const publish = usePublishMenu();
  const testOrder = useSendTestOrder();
  const check = useTestConnection();
  const [connecting, setConnecting] = useState<TDeliveryPlatform | null>(null);
  const lang = toDisplayLanguage(currentLanguage());
  const zone = useRestaurantZone();
  const when = (at: string) => formatDateTime(at, lang, zone);
  const show = (next: TDeliveryDialog) => setSearch(deliveryDialogSearch(next), { replace: next === null });
  const failed = (error: unknown) => showErrorMessage(translateServerMessage(errorText(error), currentLanguage()));

  const run = (input: TPlatformAction, label: string, then?: () => void) =>
    action.mutate(input, {
      onSuccess: () => {
        showSuccessMessage(t(`done.${input.action}`, { platform: label }));
        then?.();
      },
      onError: failed,
    });

  const testConnection = (p: TPlatformConnection) =>
    check.mutate(p.platform, {
      onSuccess: (answer) =>
        answer.ok
          ? showSuccessMessage(
              answer.storeName
                ? t('done.testConnectionOkNamed', { platform: p.label, name: answer.storeName })
                : t('done.testConnectionOk', { platform: p.label }),
            )
          : showErrorMessage(
              t('done.testConnectionFailed', {
                platform: p.label,
                reason: translateServerMessage(answer.message ?? '', currentLanguage()),
              }),
            ),
      onError: failed,
    });

  if (query.isError && !query.data) {
    return (
      <Result
        status="error"
        title={t('loadError')}
        extra={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  }

  const markupText = (p: TPlatformConnection) =>
    p.markup.kind === 'percent'
      ? p.markup.basisPoints === 0
        ? t('markup.none')
        : t('markup.percent', { value: (p.markup.basisPoints / 100).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US') })
      : t('markup.fixed', { value: formatCents(p.markup.cents, lang) });

  const publishText = (p: TPlatformConnection) =>
    !p.lastPublish
      ? t('publish.never')
      : p.lastPublish.ok
        ? t('publish.ok', { time: when(p.lastPublish.at), count: p.lastPublish.itemCount })
        : t('publish.refused', { time: when(p.lastPublish.at), count: p.lastPublish.problems.length });

  const card = (p: TPlatformConnection) => {
    const live = p.status !== 'disconnected';
    const pause = (option: (typeof PAUSE_OPTIONS)[number]) =>
      run(
        { platform: p.platform, action: 'pause', body: { until: pauseUntil(option, query.data!.serverTime) } },
        p.label,
      );
    return (
      <Card
        key={p.platform}
        className={`ra-delivery__card ra-delivery__card--${p.status}`}
        data-platform={p.platform}
        title={
          <Space wrap>
            <span className="ra-delivery__label">{p.label}</span>
            <Tag color={STATUS_COLOR[p.status]} data-testid={`status-${p.platform}`}>
              {t(`status.${p.status}`)}
            </Tag>
            <Tag color={modeTag(p) === 'live' ? 'blue' : 'default'} data-testid={`mode-${p.platform}`}>
              {t(`mode.${modeTag(p)}`)}
            </Tag>
          </Space>
        }
        actions={[
          <Button key="settings" type="link" onClick={() => show({ kind: 'settings', platform: p.platform })}>
            {t('actions.settings')}
          </Button>,
        ]}
      >
        {p.status === 'paused' ? (
          <Alert
            type="warning"
            className="ra-delivery__paused"
            title={p.pausedUntil ? t('pausedUntil', { time: when(p.pausedUntil) }) : t('pausedIndefinitely')}
          />
        ) : null}
        <Descriptions column={1} size="small" className="ra-delivery__facts">
          {live ? <Descriptions.Item label={t('fields.storeId')}>{p.storeId}</Descriptions.Item> : null}
          {p.secretLast4 ? (
            <Descriptions.Item label={t('fields.secret')}>
              <Typography.Text code>{t('secretMasked', { last4: p.secretLast4 })}</Typography.Text>
            </Descriptions.Item>
          ) : null}
          {p.connectedAt ? (
            <Descriptions.Item label={t('fields.connectedAt')}>{when(p.connectedAt)}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('fields.ordersToday')}>{formatCount(p.ordersToday, lang)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.refusedRecently', { days: REFUSED_WINDOW_DAYS })}>
            <span data-testid={`refused-${p.platform}`}>
              {p.refusedRecently > 0 ? (
                <Button
                  type="link"
                  className="ra-delivery__inline"
                  onClick={() => show({ kind: 'refused', platform: p.platform })}
                >
                  {t('refused.count', { count: p.refusedRecently, n: formatCount(p.refusedRecently, lang) })}
                </Button>
              ) : (
                t('refused.zero')
              )}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.markup')}>{markupText(p)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.lastPublish')}>
            {p.lastPublish && !p.lastPublish.ok ? (
              <Button
                type="link"
                className="ra-delivery__inline"
                onClick={() => show({ kind: 'problems', platform: p.platform })}
              >
                {publishText(p)}
              </Button>
            ) : (
              publishText(p)
            )}
          </Descriptions.Item>
        </Descriptions>
        <Space wrap className="ra-delivery__actions">
          {!live ? (
            <Button type="primary" loading={action.isPending} onClick={() => setConnecting(p.platform)}>
              {t('actions.connect')}
            </Button>
          ) : (
            <>
              {p.status === 'paused' ? (
                <Button type="primary" onClick={() => run({ platform: p.platform, action: 'resume' }, p.label)}>
                  {t('actions.resume')}
                </Button>
              ) : (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: PAUSE_OPTIONS.map((o) => ({ key: o, label: t(`pause.${o}`) })),
                    onClick: ({ key }) => pause(key as (typeof PAUSE_OPTIONS)[number]),
                  }}
                >
                  <Button aria-label={t('pause.label', { platform: p.label })}>
                    {t('actions.pause')} <DownOutlined />
                  </Button>
                </Dropdown>
              )}
              <Button
                loading={publish.isPending && publish.variables === p.platform}
                onClick={() =>
                  publish.mutate(p.platform, {
                    onSuccess: (result) =>
                      result.ok
                        ? showSuccessMessage(t('done.published', { platform: p.label }))
                        : show({ kind: 'problems', platform: p.platform }),
                    onError: failed,
                  })
                }
              >
                {t('actions.publish')}
              </Button>
              <Button loading={check.isPending && check.variables === p.platform} onClick={() => testConnection(p)}>
                {t('actions.testConnection')}
              </Button>
              {p.mode === 'simulator' ? (
                <Button
                  loading={testOrder.isPending && testOrder.variables === p.platform}
                  onClick={() =>
                    testOrder.mutate(p.platform, {
                      onSuccess: (answer) =>
                        answer.status < 300 && !answer.refused
                          ? showSuccessMessage(t('done.testOrder', { id: answer.platformOrderId }))
                          : showErrorMessage(
                              t('done.testOrderRefused', {
                                id: answer.platformOrderId,
                                result: translateServerMessage(answer.result, currentLanguage()),
                              }),
                            ),
                      onError: failed,
                    })
                  }
                >
                  {t('actions.testOrder')}
                </Button>
              ) : null}
              <Button
                danger
                onClick={() =>
                  showConfirm({
                    title: t('disconnect.title', { platform: p.label }),
                    content: t('disconnect.content'),
                    okText: t('disconnect.ok'),
                    cancelText: t('cancel'),
                    onOk: () => run({ platform: p.platform, action: 'disconnect' }, p.label),
                  })
                }
              >
                {t('actions.disconnect')}
              </Button>
            </>
          )}
        </Space>
      </Card>
    );
  };

  const platforms = query.data?.platforms ?? [];
  const selected = (platform: TDeliveryPlatform | undefined) => platforms.find((p) => p.platform === platform);
  return (
    <div className="ra-delivery">
      <Typography.Title level={2} className="ra-delivery__title">
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="ra-delivery__intro">
        {t('intro')}
      </Typography.Paragraph>
      <Alert type="info" showIcon title={t('simulatorNote')} className="ra-delivery__note" />
      {query.isLoading ? <Skeleton active /> : <div className="ra-delivery__grid">{platforms.map(card)}</div>}
      <ConnectModal
        connection={connecting ? selected(connecting) : undefined}
        pending={action.isPending}
        onClose={() => setConnecting(null)}
        onConnect={(body) => {
          const p = connecting ? selected(connecting) : undefined;
          if (p) run({ platform: p.platform, action: 'connect', body }, p.label, () => setConnecting(null));
        }}
      />
      <PlatformSettingsDrawer
        connection={dialog?.kind === 'settings' ? selected(dialog.platform) : undefined}
        onClose={() => show(null)}
      />
      <ProblemsModal
        connection={dialog?.kind === 'problems' ? selected(dialog.platform) : undefined}
        onClose={() => show(null)}
      />
      <RefusedOrdersModal
        connection={dialog?.kind === 'refused' ? selected(dialog.platform) : undefined}
        when={when}
        onClose={() => show(null)}
      />
    </div>
  );
}
