import { Alert, Button, Modal, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPlatformConnection, TRefusedOrder } from '@ra/shared/delivery/delivery.schemas';
import { useRefusedOrders } from '../api/get-refused-orders.ts';

const REASON_COLOR: Record<TRefusedOrder['reason'], string> = { paused: 'orange', closed: 'default' };

/**
 * The orders a platform sent that the store refused in the recent window (paused there, or outside its
 * hours), newest first: the platform's order id, when it arrived, and why.
 */
export function RefusedOrdersModal({
  connection,
  when,
  onClose,
}: {
  connection: TPlatformConnection | undefined;
  /** Formats an instant in the restaurant's time zone, as the cards do. */
  when: (at: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation('delivery');
  const query = useRefusedOrders(connection?.platform ?? null);
  const data = query.data?.platform === connection?.platform ? query.data : undefined;
  return (
    <Modal
      open={connection !== undefined}
      onCancel={onClose}
      onOk={onClose}
      okText={t('actions.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      title={connection ? t('refused.title', { platform: connection.label }) : ''}
      width={680}
      className="ra-delivery__refused"
    >
      {query.isError && !data ? (
        <Alert
          type="error"
          title={t('refused.loadError')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {data ? t('refused.summary', { count: data.total, time: when(data.since) }) : t('refused.help')}
            {data && data.total > data.orders.length ? ` ${t('refused.newest', { count: data.orders.length })}` : ''}
          </Typography.Paragraph>
          <Table<TRefusedOrder>
            size="small"
            loading={!data && query.isLoading}
            rowKey="platformOrderId"
            dataSource={data?.orders ?? []}
            locale={{ emptyText: t('refused.none') }}
            pagination={(data?.orders.length ?? 0) > 10 ? { pageSize: 10 } : false}
            columns={[
              { key: 'order', title: t('refused.order'), dataIndex: 'platformOrderId' },
              { key: 'at', title: t('refused.at'), render: (_, o) => when(o.receivedAt) },
              {
                key: 'reason',
                title: t('refused.reason'),
                render: (_, o) => <Tag color={REASON_COLOR[o.reason]}>{t(`refused.reason.${o.reason}`)}</Tag>,
              },
            ]}
            scroll={{ x: 520 }}
          />
        </>
      )}
    </Modal>
  );
}
