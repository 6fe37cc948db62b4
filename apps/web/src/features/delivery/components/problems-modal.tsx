import { Modal, Result, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TMenuProblem, TPlatformConnection } from '@ra/shared/delivery/delivery.schemas';
import { problemText } from './problem-text.ts';

/** What the platform would refuse in the last publish, item by item, so the owner can fix each. */
export function ProblemsModal({
  connection,
  onClose,
}: {
  connection: TPlatformConnection | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('delivery');
  const problems = connection?.lastPublish?.problems ?? [];
  return (
    <Modal
      open={connection !== undefined}
      onCancel={onClose}
      onOk={onClose}
      okText={t('actions.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      title={connection ? t('problems.title', { platform: connection.label }) : ''}
      width={760}
    >
      {problems.length === 0 ? (
        <Result status="success" title={connection ? t('problems.none', { platform: connection.label }) : ''} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t('problems.count', { count: problems.length, platform: connection?.label ?? '' })}
          </Typography.Paragraph>
          <Table<TMenuProblem>
            size="small"
            rowKey={(p) => `${p.itemId}-${p.problem}-${p.group ?? ''}`}
            dataSource={problems}
            pagination={problems.length > 10 ? { pageSize: 10 } : false}
            columns={[
              { key: 'item', title: t('problems.item'), dataIndex: 'itemName' },
              { key: 'category', title: t('problems.category'), dataIndex: 'category' },
              { key: 'problem', title: t('problems.problem'), render: (_, p) => problemText(t, p) },
            ]}
            scroll={{ x: 560 }}
          />
        </>
      )}
    </Modal>
  );
}
