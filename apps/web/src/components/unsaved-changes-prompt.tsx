import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TUnsavedChangesGuard } from '../lib/unsaved-changes.ts';

/** The "leave without saving?" question of a form's unsaved-changes guard (lib/unsaved-changes.ts). */
export function UnsavedChangesPrompt({ guard }: { guard: TUnsavedChangesGuard }) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={guard.asking}
      title={t('unsaved.title')}
      okText={t('unsaved.discard')}
      cancelText={t('unsaved.keep')}
      okButtonProps={{ danger: true }}
      onOk={guard.discard}
      onCancel={guard.keep}
      width={420}
      centered
      destroyOnHidden
      data-unsaved-prompt
    >
      {t('unsaved.content')}
    </Modal>
  );
}
