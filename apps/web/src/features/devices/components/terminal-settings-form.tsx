import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Radio, Result, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RECEIPT_PROMPTS, ZTerminalSettings, type TTerminalSettings } from '@ra/shared/devices/devices.schemas';
import { formatDateTime, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { useRestaurantZone } from '../../../lib/restaurant-time.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';
import { useSaveTerminalSettings, useTerminalSettings } from '../api/terminal-settings.ts';
import './devices.css';
import { NumberInput, numberRule } from '../../../components/number-input.tsx';

/** Amounts are edited in dollars and stored in cents. */
type TFormValues = Omit<TTerminalSettings, 'signatureAboveCents' | 'offlinePaymentLimitCents'> & {
  signatureAbove: number | null;
  offlineLimit: number | null;
};

const toForm = (s: TTerminalSettings): TFormValues => {
  const { signatureAboveCents, offlinePaymentLimitCents, ...rest } = s;
  return { ...rest, signatureAbove: signatureAboveCents / 100, offlineLimit: offlinePaymentLimitCents / 100 };
};
const fromForm = ({ signatureAbove, offlineLimit, ...rest }: TFormValues): unknown => ({
  ...rest,
  signatureAboveCents: signatureAbove === null ? null : Math.round(signatureAbove * 100),
  offlinePaymentLimitCents: offlineLimit === null ? null : Math.round(offlineLimit * 100),
});
const FIELD_OF: Record<string, keyof TFormValues> = {
  signatureAboveCents: 'signatureAbove',
  offlinePaymentLimitCents: 'offlineLimit',
};

/** /deviceSetting/terminal: what every payment terminal and card reader of the restaurant does. */
export function TerminalSettingsForm() {
  const { t } = useTranslation('devices');
  const query = useTerminalSettings();
  const save = useSaveTerminalSettings();
  const [form] = Form.useForm<TFormValues>();
  const lang = toDisplayLanguage(currentLanguage());
  const zone = useRestaurantZone();

  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty);

  // The saved settings fill the form, and fill it again when they change (a save, another manager's
  // save seen on a refetch), but never over edits not saved yet.
  useEffect(() => {
    if (query.data && !dirty) form.setFieldsValue(toForm(query.data));
  }, [query.data, form, dirty]);

  if (query.isError) {
    return (
      <Result
        status="error"
        title={t('loadError')}
        extra={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  }
  if (!query.data) return <Skeleton active />;

  const submit = async () => {
    const values = form.getFieldsValue(true) as TFormValues;
    const parsed = ZTerminalSettings.safeParse(fromForm(values));
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((i) => ({
          name: (FIELD_OF[String(i.path[0])] ?? String(i.path[0])) as never,
          errors: [translateServerMessage(i.message, currentLanguage())],
        })),
      );
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
    } catch {
      return; // the refusal shows above the Save button (save.error)
    }
    guard.release();
    setDirty(false);
    showSuccessMessage(t('saved'));
  };

  return (
    <div className="ra-devices ra-terminal">
      <Typography.Title level={2} className="ra-devices__title">
        {t('terminal.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('terminal.intro')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {query.data.updatedAt
          ? t('terminal.lastSaved', {
              time: formatDateTime(query.data.updatedAt, lang, zone),
            })
          : t('terminal.neverSaved')}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onValuesChange={() => setDirty(true)}
        onFinish={() => void submit()}
        className="ra-terminal__form"
      >
        <UnsavedChangesPrompt guard={guard} />
        <Card title={t('terminal.tipping')} size="small">
          <Form.Item name="tipEnabled" label={t('terminal.tipEnabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="tipPercents" label={t('terminal.tipPercents')} extra={t('terminal.tipPercentsHelp')}>
            <Select
              mode="tags"
              aria-label={t('terminal.tipPercents')}
              tokenSeparators={[',', ' ']}
              options={[10, 12, 15, 18, 20, 22, 25].map((p) => ({ value: p, label: `${p}%` }))}
              onChange={(values: Array<number | string>) =>
                form.setFieldValue(
                  'tipPercents',
                  values.map((v) => Number(v)).filter((n) => Number.isFinite(n)),
                )
              }
            />
          </Form.Item>
          <Form.Item name="customTipAllowed" label={t('terminal.customTipAllowed')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="tipOnPreTax" label={t('terminal.tipOnPreTax')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Card>
        <Card title={t('terminal.signature')} size="small">
          <Form.Item
            name="signatureAbove"
            label={t('terminal.signatureAbove')}
            extra={t('terminal.signatureAboveHelp')}
            rules={[numberRule({ min: 0, max: 10_000, decimals: 2 })]}
          >
            <NumberInput decimals={2} step={1} prefix="$" />
          </Form.Item>
          <Form.Item name="receiptPrompt" label={t('terminal.receiptPrompt')}>
            <Radio.Group
              optionType="button"
              options={RECEIPT_PROMPTS.map((p) => ({ value: p, label: t(`terminal.receipt.${p}`) }))}
            />
          </Form.Item>
          <Form.Item name="dualScreenShowsOrder" label={t('terminal.dualScreenShowsOrder')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Card>
        <Card title={t('terminal.offline')} size="small">
          <Form.Item
            name="offlineLimit"
            label={t('terminal.offlineLimit')}
            extra={t('terminal.offlineLimitHelp')}
            rules={[numberRule({ min: 0, max: 10_000, decimals: 2 })]}
          >
            <NumberInput decimals={2} step={1} prefix="$" />
          </Form.Item>
        </Card>
        {save.isError ? (
          <Alert type="error" showIcon title={translateServerMessage(errorText(save.error), currentLanguage())} />
        ) : null}
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </Space>
      </Form>
    </div>
  );
}
