import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, Modal } from 'antd';
import { SEGMENT_NAME_MAX } from '@ra/shared/segments/segments.schemas';
import { isApiError, errorText } from '../../../lib/request.ts';
import { notifyError, tr } from '../feedback.ts';

/**
 * Names a segment: saving the list's filter under a new name, or renaming one. A name in use (any case)
 * or an empty one is said under the field, and the dialog stays open.
 */
export function SegmentNameDialog(props: {
  open: boolean;
  title: string;
  initialName: string;
  /** Saves; a refusal (name in use) throws and is shown under the field. */
  onSave(name: string): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation('segments');
  const [name, setName] = useState(props.initialName);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (props.open) {
      setName(props.initialName);
      setProblem(null);
    }
  }, [props.open, props.initialName]);

  const save = async () => {
    if (!name.trim()) {
      setProblem(t('nameRequired'));
      return;
    }
    setSaving(true);
    try {
      await props.onSave(name.trim());
      props.onClose();
    } catch (e) {
      const field = isApiError(e) ? e.errors?.name : undefined;
      if (field) setProblem(tr(field));
      else notifyError(tr(errorText(e)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onClose}
      onOk={save}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={save}>
        <Form.Item
          label={t('name')}
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? t('nameHelp')}
          required
        >
          <Input
            aria-label={t('name')}
            autoFocus
            maxLength={SEGMENT_NAME_MAX}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setProblem(null);
            }}
            onPressEnter={save}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
