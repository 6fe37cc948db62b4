import { Alert, Badge, Button, Card, Grid, List, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TProviderCheck, TProviderStatus } from '@ra/shared/providers/providers.schemas';
import { useProviderStatus } from '../../../features/providers/api/providers.ts';
import { errorText } from '../../../lib/request.ts';
import { useRestaurantTime } from '../../../lib/restaurant-time.ts';

/** The adapters in the order staff read them; each is a key of the status answer. */
const ADAPTERS = ['sms', 'payments', 'bank', 'email', 'storage', 'ubereats', 'doordash', 'secrets'] as const;
type TAdapter = (typeof ADAPTERS)[number];

/** Provider names as their owners spell them; 'local' is translated. */
const PROVIDER_NAMES: Record<string, string> = {
  twilio: 'Twilio',
  stripe: 'Stripe',
  smtp: 'SMTP',
  s3: 'S3',
  ubereats: 'Uber Eats',
  doordash: 'DoorDash',
  'aes-256-gcm': 'AES-256-GCM',
};

/** The webhook paths' instructions by path (the server sends them in English). */
const WEBHOOK_EVENTS: Record<string, string> = {
  '/api/api/customers/sms/status': 'webhooks.twilioStatus',
  '/api/api/customers/sms/inbound': 'webhooks.twilioInbound',
  '/api/api/payments/stripe/webhook': 'webhooks.stripe',
  '/api/api/delivery/webhooks/uber-eats': 'webhooks.ubereats',
  '/api/api/delivery/webhooks/doordash': 'webhooks.doordash',
  '/api/api/delivery/webhook/:platform': 'webhooks.simulator',
};

/**
 * /Settings/Providers (platform staff, issue 20 "One place to see it"): which provider each adapter
 * uses and whether it answers right now (every load asks the server, which calls each provider), and
 * the webhook paths to register with each provider. The server never sends a secret: names, a yes/no,
 * a short reason and a key fingerprint.
 */
export default function ProvidersPage() {
  const { t } = useTranslation('providers');
  const status = useProviderStatus();
  const time = useRestaurantTime();
  const screens = Grid.useBreakpoint();
  const phone = !screens.md;

  if (status.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (status.isError)
    return (
      <Result
        status="error"
        title={t('loadFailed')}
        subTitle={errorText(status.error)}
        extra={<Button onClick={() => void status.refetch()}>{t('retry')}</Button>}
      />
    );
  const data = status.data;
  const rows = ADAPTERS.map((key) => ({ key, ...data[key] }));
  const failing = rows.filter((r) => !r.ok);
  const origin = window.location.origin;

  const detail = (check: TProviderCheck) => detailText(t, check.detail);
  const provider = (check: TProviderCheck) =>
    check.provider === 'local' ? (
      <Tag>{t('local')}</Tag>
    ) : (
      <Tag color="blue">{PROVIDER_NAMES[check.provider] ?? check.provider}</Tag>
    );
  const state = (check: TProviderCheck & { key: TAdapter }) => (
    <Badge
      status={check.ok ? 'success' : 'error'}
      text={check.ok ? t(check.key === 'secrets' ? 'inUse' : 'ok') : t('failing')}
    />
  );
  const providerName = (name: string) => (name === 'simulator' ? t('simulator') : (PROVIDER_NAMES[name] ?? name));
  /** What to set at the provider, in the reader's language (the server's English for a path it adds later). */
  const events = (w: TProviderStatus['webhooks'][number]) => {
    const key = WEBHOOK_EVENTS[w.path];
    return key ? t(key) : w.events;
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="providers-page">
      <Card
        size="small"
        title={t('title')}
        extra={
          <Button icon={<ReloadOutlined />} loading={status.isFetching} onClick={() => void status.refetch()}>
            {t('checkAgain')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        {failing.length > 0 ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            message={t('someFailing', { names: failing.map((r) => t(`adapter.${r.key}`)).join(t('listSeparator')) })}
          />
        ) : (
          <Alert type="success" showIcon style={{ marginBottom: 12 }} message={t('allOk')} />
        )}
        {phone ? (
          <List
            dataSource={rows}
            rowKey="key"
            renderItem={(r) => (
              <List.Item data-testid={`provider-${r.key}`}>
                <List.Item.Meta
                  title={
                    <Space wrap>
                      {t(`adapter.${r.key}`)}
                      {provider(r)}
                    </Space>
                  }
                  description={
                    <Space direction="vertical" size={0}>
                      {state(r)}
                      <Typography.Text type="secondary">{detail(r)}</Typography.Text>
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        ) : (
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={rows}
            onRow={(r) => ({ 'data-testid': `provider-${r.key}` }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              { title: t('col.adapter'), key: 'adapter', render: (_, r) => t(`adapter.${r.key as TAdapter}`) },
              { title: t('col.provider'), key: 'provider', render: (_, r) => provider(r) },
              { title: t('col.state'), key: 'state', render: (_, r) => state(r) },
              { title: t('col.detail'), key: 'detail', render: (_, r) => detail(r) },
            ]}
          />
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('checkedAt', { at: time.dateTime(data.checkedAt) })}
        </Typography.Paragraph>
      </Card>
      <Card size="small" title={t('webhooks.title')}>
        <Typography.Paragraph type="secondary">{t('webhooks.intro')}</Typography.Paragraph>
        <List
          dataSource={data.webhooks}
          rowKey={(w: TProviderStatus['webhooks'][number]) => `${w.provider} ${w.path}`}
          renderItem={(w) => (
            <List.Item>
              <List.Item.Meta
                title={<Tag color="blue">{providerName(w.provider)}</Tag>}
                description={
                  <Space direction="vertical" size={0} style={{ maxWidth: '100%' }}>
                    <Typography.Text code copyable={{ text: `${origin}${w.path}` }} style={{ wordBreak: 'break-all' }}>
                      {w.path}
                    </Typography.Text>
                    <Typography.Text type="secondary">{events(w)}</Typography.Text>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}

/** The server's short reasons, in the reader's language; anything else (an error text) as it came. */
function detailText(t: (key: string, vars?: Record<string, string>) => string, detail: string): string {
  if (detail === 'local stand-in') return t('detail.localStandIn');
  if (detail === 'local simulator') return t('detail.localSimulator');
  if (detail === 'answered') return t('detail.answered');
  if (detail === 'configured') return t('detail.configured');
  let m = /^answered (\d+)$/.exec(detail);
  if (m) return t('detail.answeredStatus', { status: m[1]! });
  m = /^unreachable: (.*)$/.exec(detail);
  if (m) return t('detail.unreachable', { reason: m[1]! });
  m = /^key (\w+)(?:, still reading (\w+))?$/.exec(detail);
  if (m) return m[2] ? t('detail.keyRotating', { id: m[1]!, previous: m[2] }) : t('detail.key', { id: m[1]! });
  return detail;
}
