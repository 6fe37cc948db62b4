import { useState } from 'react';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { US_STATE_CODES, ZUpdateRestRequest, type TRestProfile } from '@ra/shared/business/business.schemas';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { errorText } from '../../../lib/request.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';
import { useUpdateRest } from '../api/profile.ts';
import { schemaRule, serverFieldErrors } from '../form-rules.ts';

type TInfo = Pick<TRestProfile, 'name' | 'fullname' | 'street' | 'city' | 'state' | 'zip' | 'phone'>;
const FIELDS = ['name', 'fullname', 'street', 'city', 'state', 'zip', 'phone'] as const;

/** SPEC 3 "Restaurant": name, full name, address (US state), zip and phone, each checked as the server does. */
export function InfoForm({ profile }: { profile: TRestProfile }) {
  const { t } = useTranslation('business');
  const [form] = Form.useForm<TInfo>();
  const save = useUpdateRest();
  const [dirty, setDirty] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const guard = useUnsavedChanges(dirty);
  const values = () => form.getFieldsValue(true) as unknown;
  const initial = Object.fromEntries(FIELDS.map((f) => [f, profile[f]])) as TInfo;

  async function submit(v: TInfo) {
    setFailure(null);
    try {
      await save.mutateAsync(v);
      setDirty(false);
      guard.release();
      showSuccessMessage(t('info.saved'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.length) form.setFields(fields as never);
      else setFailure(errorText(error));
    }
  }

  return (
    <Form<TInfo>
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={() => setDirty(true)}
      onFinish={(v) => void submit(v)}
      requiredMark
    >
      <UnsavedChangesPrompt guard={guard} />
      <div className="ra-business__form-grid">
        {FIELDS.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`info.${name}`)}
            required
            rules={[schemaRule(ZUpdateRestRequest, [name], values)]}
            validateDebounce={300}
          >
            {name === 'state' ? (
              <Select
                showSearch
                aria-label={t('info.state')}
                options={US_STATE_CODES.map((code) => ({ value: code, label: code }))}
              />
            ) : (
              <Input
                maxLength={name === 'name' || name === 'city' ? 100 : 200}
                inputMode={name === 'zip' || name === 'phone' ? 'tel' : undefined}
                placeholder={name === 'zip' ? '02110' : name === 'phone' ? '(555) 123-4567' : undefined}
              />
            )}
          </Form.Item>
        ))}
      </div>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('info.save')}
      </Button>
    </Form>
  );
}
