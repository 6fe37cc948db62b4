import { useState } from 'react';
import { Alert, Button, Form, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { useNamedSettings, useUpdateNamedSettings } from '../api/settings.ts';

/** SPEC 3's work-hour config flags, each a 'true' / 'false' named setting (SPEC 7 updateRestConfig). */
export const WORK_HOUR_FLAGS = [
  'enableCaptureSignature',
  'captureSignature',
  'requireSignatureForWorkHoursEdit',
  'enableClockingOutWaitingTime',
] as const;
type TFlag = (typeof WORK_HOUR_FLAGS)[number];

/** The changed flags as the wire carries them: only those that differ from what was loaded. */
export function flagChanges(loaded: Record<string, string>, values: Partial<Record<TFlag, boolean>>) {
  const changes: Record<string, string> = {};
  for (const name of WORK_HOUR_FLAGS) {
    const value = String(values[name] ?? loaded[name] === 'true');
    if (value !== (loaded[name] || 'false')) changes[name] = value;
  }
  return changes;
}

/**
 * Signatures and waiting time for work hours: whether the POS takes a signature at clock-out (and
 * requires it), whether a change from the dashboard must be signed, and whether clock-out asks for
 * waiting time. Saved through updateRestConfig, which needs editConfig like the rest of this page.
 */
export function WorkHourSignatureSettings() {
  const { t } = useTranslation('settings');
  const named = useNamedSettings(WORK_HOUR_FLAGS);
  const save = useUpdateNamedSettings(WORK_HOUR_FLAGS);
  const [form] = Form.useForm<Record<TFlag, boolean>>();
  const capture = Form.useWatch('enableCaptureSignature', form);
  const [failure, setFailure] = useState<string | null>(null);
  if (named.isPending) return <Skeleton active />;
  if (named.isError) return <Alert type="error" showIcon message={errorText(named.error)} />;
  const initial = Object.fromEntries(WORK_HOUR_FLAGS.map((n) => [n, named.data[n] === 'true'])) as Record<
    TFlag,
    boolean
  >;
  const flag = (name: TFlag, disabled = false) => (
    <Form.Item name={name} label={t(`workHours.${name}`)} extra={t(`workHours.${name}Help`)} valuePropName="checked">
      <Switch disabled={disabled} />
    </Form.Item>
  );
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(v: Record<TFlag, boolean>) => {
        setFailure(null);
        // Requiring a clock-out signature means nothing while the POS does not take one.
        const values = { ...v, captureSignature: v.enableCaptureSignature ? v.captureSignature : false };
        save.mutate(flagChanges(named.data, values), {
          onSuccess: () => showSuccessMessage(t('saved')),
          onError: (e) =>
            setFailure(
              isApiError(e) && e.errors
                ? Object.values(e.errors)
                    .map((m) => translateServerMessage(m, currentLanguage()))
                    .join(' ')
                : errorText(e),
            ),
        });
      }}
    >
      <div className="ra-settings__grid">
        {flag('enableCaptureSignature')}
        {flag('captureSignature', !(capture ?? initial.enableCaptureSignature))}
        {flag('requireSignatureForWorkHoursEdit')}
        {flag('enableClockingOutWaitingTime')}
      </div>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} role="alert" />}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('save')}
      </Button>
    </Form>
  );
}
