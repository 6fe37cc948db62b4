import { Button, Modal, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRestaurantTime } from '../../lib/restaurant-time.ts';
import { useErrorLog, type TErrorLogEntry } from '../../stores/error-log.ts';

/** The table of SPEC 3 error log entries; its own chunk, fetched when first opened. */
export default function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const time = useRestaurantTime();
  const logs = useErrorLog((s) => s.logs);
  const clear = useErrorLog((s) => s.clear);
  const columns: TableColumnsType<TErrorLogEntry> = [
    { key: 'error', title: t('layout:errorLog.error'), dataIndex: 'error', width: 260 },
    { key: 'component', title: t('layout:errorLog.component'), dataIndex: 'component', width: 160 },
    { key: 'info', title: t('layout:errorLog.info'), dataIndex: 'info', ellipsis: true },
    { key: 'url', title: t('layout:errorLog.url'), dataIndex: 'url', width: 220, ellipsis: true },
    {
      key: 'time',
      title: t('layout:errorLog.time'),
      dataIndex: 'time',
      width: 180,
      // in the restaurant's zone like every other time, so it lines up with the orders it concerns
      render: (at: number) => time.dateTime(at),
    },
  ];
  return (
    <Modal
      open={open}
      title={t('layout:errorLog.title')}
      width={1000}
      onCancel={onClose}
      footer={[
        <Button
          key="clear"
          danger
          onClick={() => {
            clear();
            onClose();
          }}
        >
          {t('layout:errorLog.clear')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('layout:common.close')}
        </Button>,
      ]}
    >
      <Table<TErrorLogEntry>
        rowKey={(row) => `${row.time}-${row.url}-${row.error}`}
        columns={columns}
        dataSource={logs}
        pagination={false}
        size="small"
        scroll={{ x: 980, y: 480 }}
      />
    </Modal>
  );
}
