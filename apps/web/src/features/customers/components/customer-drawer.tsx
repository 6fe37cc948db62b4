import { useTranslation } from 'react-i18next';
import { Alert, Descriptions, Drawer, Empty, Table, Tag, Timeline, Typography } from 'antd';
import { formatCents, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/request.ts';
import { useRestaurantTime } from '../../../lib/restaurant-time.ts';
import { useCustomerDetail } from '../api/customers-api.ts';
import { tr } from '../feedback.ts';
import { CustomerPoints } from './customer-points.tsx';

/** Money in the shared format ('$1,360.82', separators in both languages). */
export const money = (cents: number) => formatCents(cents, toDisplayLanguage(currentLanguage()));

/** One customer from the list: their figures, their orders and their SMS opt-in state with its history. */
export function CustomerDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('customers');
  const when = useRestaurantTime().dateTime;
  const detail = useCustomerDetail(id);
  const c = detail.data?.customer;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={c ? `${c.name ?? c.phone}` : t('detail')}
      width={Math.min(640, window.innerWidth)}
      loading={detail.isLoading}
      data-testid="customer-drawer"
    >
      {detail.isError && <Alert type="error" showIcon message={tr(errorText(detail.error))} />}
      {c && (
        <>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('phone')}>{c.phone}</Descriptions.Item>
            <Descriptions.Item label={t('language')}>{t(`languages_${c.language}`)}</Descriptions.Item>
            <Descriptions.Item label={t('optIn')}>
              {c.optedOut ? <Tag color="red">{t('optedOut')}</Tag> : <Tag color="green">{t('optedIn')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('points')}>{c.points}</Descriptions.Item>
            <Descriptions.Item label={t('totalOrders')}>{c.totalOrders}</Descriptions.Item>
            <Descriptions.Item label={t('totalSpent')}>{money(c.totalSpentCents)}</Descriptions.Item>
            <Descriptions.Item label={t('firstOrder')}>{when(c.firstOrderAt)}</Descriptions.Item>
            <Descriptions.Item label={t('lastOrder')}>{when(c.lastOrderAt)}</Descriptions.Item>
            <Descriptions.Item label={t('favourite')}>{c.favouriteItem ?? '—'}</Descriptions.Item>
          </Descriptions>
          <CustomerPoints customerId={c.id} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('ordersTitle')}
          </Typography.Title>
          <Table
            rowKey="id"
            size="small"
            scroll={{ x: 480 }}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={detail.data!.orders}
            columns={[
              { title: t('orderNumber'), dataIndex: 'orderNumber', render: (v: string | null, o) => v ?? `#${o.id}` },
              { title: t('openedAt'), dataIndex: 'openedAt', render: when },
              { title: t('status'), dataIndex: 'status', render: (s: string) => <Tag>{s}</Tag> },
              { title: t('netSales'), dataIndex: 'netSalesCents', render: money },
              { title: t('refunded'), dataIndex: 'refundedCents', render: (v: number) => (v ? money(v) : '—') },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('optHistory')}
          </Typography.Title>
          {detail.data!.optHistory.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noOptHistory')} />
          ) : (
            <Timeline
              items={detail.data!.optHistory.map((h) => ({
                color: h.kind === 'optOut' ? 'red' : 'green',
                children: (
                  <>
                    {t(h.kind === 'optOut' ? 'optedOutBy' : 'optedInBy', { body: h.body })}{' '}
                    <Typography.Text type="secondary">{when(h.at)}</Typography.Text>
                  </>
                ),
              }))}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
