import { useRef, useState } from 'react';
import { Alert, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { WORK_HOURS_MESSAGES } from '@ra/shared/work-hours/work-hours.messages';
import { ZReason } from '@ra/shared/work-hours/work-hours.schemas';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { toDisplayLanguage } from '@ra/shared/format/locale-format';
import { useClosePeriod, useReopenPeriod } from '../api/pay-period.ts';
import { uploadSignature } from '../api/upload-signature.ts';
import { SignatureField, type TSignatureHandle } from './signature-field.tsx';

/** Close a pay period (optionally signed) or reopen it with a reason; which one is open lives in the URL. */
export function PeriodDialogs({
  dialog,
  start,
  restId,
  onClose,
}: {
  dialog: 'close' | 'reopen' | null;
  start: string;
  restId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('work-hours');
  const lang = toDisplayLanguage(currentLanguage());
  const close = useClosePeriod();
  const reopen = useReopenPeriod();
  const signature = useRef<TSignatureHandle | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onCloseOk() {
    setBusy(true);
    setError(null);
    try {
      const drawn = signature.current?.read() ?? null;
      const signatureUrl = drawn ? await uploadSignature(restId, drawn) : null;
      await close.mutateAsync({ start, signatureUrl });
      showSuccessMessage(t('messages.closed'));
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  async function onReopenOk() {
    const parsed = ZReason.safeParse(reason);
    if (!parsed.success) {
      setError(translateServerMessage(parsed.error.issues[0]?.message ?? WORK_HOURS_MESSAGES.reasonRequired.en, lang));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await reopen.mutateAsync({ start, reason: parsed.data });
      showSuccessMessage(t('messages.reopened'));
      setReason('');
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Modal
        open={dialog === 'close'}
        title={t('close.title')}
        okText={t('actions.close')}
        cancelText={t('actions.cancel')}
        onOk={() => void onCloseOk()}
        onCancel={onClose}
        confirmLoading={busy}
        destroyOnHidden
      >
        <p>{t('close.body')}</p>
        <SignatureField label={t('form.signatureOptional')} hint={t('form.signatureHint')} handleRef={signature} />
        {error && <Alert type="error" showIcon title={error} className="ra-wh-gap" />}
      </Modal>
      <Modal
        open={dialog === 'reopen'}
        title={t('reopen.title')}
        okText={t('actions.reopen')}
        cancelText={t('actions.cancel')}
        onOk={() => void onReopenOk()}
        onCancel={onClose}
        confirmLoading={busy}
        destroyOnHidden
      >
        <p>{t('reopen.body')}</p>
        <label className="ra-wh-field">
          <span>{t('reopen.reason')}</span>
          <Input.TextArea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={200}
            autoSize={{ minRows: 2 }}
            aria-invalid={!!error}
          />
        </label>
        {error && <Alert type="error" showIcon title={error} className="ra-wh-gap" />}
      </Modal>
    </>
  );
}
