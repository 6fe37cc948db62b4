import { Alert, List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface TUsedInEntry {
  kind: string;
  id?: number | string;
  name: string;
}

/**
 * Deleting something the menu still uses (issue 8: "first says where it is used and asks"): the
 * question names every place it is used, and the delete button says what it does.
 */
export function UsedInDialog({
  open,
  name,
  usedIn,
  deleting,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  name: string;
  usedIn: readonly TUsedInEntry[];
  deleting: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('menu');
  return (
    <Modal
      open={open}
      title={t('delete.title', { name })}
      okText={t('actions.delete')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: true, loading: deleting }}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
      data-used-in-dialog
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {usedIn.length === 0 ? (
        <p>{t('delete.unused')}</p>
      ) : (
        <>
          <p>{t('delete.usedIn', { count: usedIn.length })}</p>
          <List
            size="small"
            bordered
            dataSource={[...usedIn]}
            style={{ maxHeight: 240, overflow: 'auto' }}
            renderItem={(entry) => (
              <List.Item>
                <Typography.Text type="secondary">
                  {t(`kinds.${entry.kind}`, { defaultValue: entry.kind })}
                </Typography.Text>
                <span>{entry.name}</span>
              </List.Item>
            )}
          />
          <p style={{ marginTop: 12 }}>{t('delete.usedInWarning')}</p>
        </>
      )}
    </Modal>
  );
}
