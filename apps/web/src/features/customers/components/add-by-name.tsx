import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Input, Modal, Tag } from 'antd';
import { MESSAGES } from '@ra/shared/errors';
import { MAX_NAME_LOOKUP } from '@ra/shared/customers/customers.schemas';
import { errorText, isApiError } from '../../../lib/request.ts';
import { lookupCustomerNames } from '../api/customers-api.ts';
import { tr } from '../feedback.ts';
import { namesNotFound, parseNames } from '../sms-composer.ts';

/**
 * "Add by name": members typed or pasted by name are looked up and added to the selection. A name that
 * matches no one is answered with SPEC 8's 'Member name does not exist. Please re-enter the following',
 * the names follow, and only they stay in the box to be corrected; nothing is added until all match.
 */
export function AddByNameDialog({
  open,
  onClose,
  onFound,
}: {
  open: boolean;
  onClose: () => void;
  onFound: (ids: number[]) => void;
}) {
  const { t } = useTranslation('customers');
  const [text, setText] = useState('');
  const [missing, setMissing] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const names = parseNames(text);

  const submit = async () => {
    if (names.length === 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const res = await lookupCustomerNames(names);
      setMissing([]);
      setText('');
      onFound(res.customers.map((c) => c.id));
    } catch (e) {
      const notFound = isApiError(e) ? namesNotFound(names, e.errors) : [];
      if (notFound.length > 0) {
        setMissing(notFound);
        setText(notFound.join('\n'));
      } else {
        setMissing([]);
        setFailure(tr(errorText(e)));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('addByName')}
      okText={t('addByNameOk')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: names.length === 0 || names.length > MAX_NAME_LOOKUP, loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {missing.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="names-missing"
          style={{ marginBottom: 12 }}
          title={tr(MESSAGES.memberNotFound.en)}
          description={missing.map((name) => (
            <Tag key={name}>{name}</Tag>
          ))}
        />
      )}
      {failure && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={failure} />}
      <Input.TextArea
        aria-label={t('addByNameLabel')}
        placeholder={t('addByNameHint')}
        rows={5}
        value={text}
        status={missing.length > 0 ? 'error' : undefined}
        onChange={(e) => setText(e.target.value)}
      />
    </Modal>
  );
}
