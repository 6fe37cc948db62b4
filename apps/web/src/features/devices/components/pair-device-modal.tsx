import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Result, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_TYPES,
  ZCreatePairingCodeRequest,
  formatPairingCode,
  type TCreatePairingCodeRequest,
  type TDevice,
  type TPairingCode,
} from '@ra/shared/devices/devices.schemas';
import { formatClock, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { useRestaurantZone } from '../../../lib/restaurant-time.ts';
import { useCreatePairingCode } from '../api/create-pairing-code.ts';
import { validFormValues } from '../../../lib/form-values.ts';

/** A form rule from one field of the shared schema, its message in the interface language. */
export function schemaRule(field: keyof typeof ZCreatePairingCodeRequest.shape) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const result = ZCreatePairingCodeRequest.shape[field].safeParse(value ?? '');
      if (!result.success)
        throw new Error(translateServerMessage(result.error.issues[0]?.message ?? '', currentLanguage()));
    },
  };
}

/**
 * Pairing (issue 9): name the device, get its one-time code, and watch it pair. The list behind is
 * polled every 2 s while this is open; the code leaving the waiting list means a device used it.
 */
export function PairDeviceModal({
  open,
  pendingIds,
  devices,
  serverTime,
  onClose,
}: {
  open: boolean;
  pendingIds: number[] | undefined;
  devices: readonly TDevice[];
  serverTime: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('devices');
  const [form] = Form.useForm<TCreatePairingCodeRequest>();
  const create = useCreatePairingCode();
  const [code, setCode] = useState<TPairingCode | null>(null);
  const lang = toDisplayLanguage(currentLanguage());
  const zone = useRestaurantZone();

  useEffect(() => {
    if (!open) {
      setCode(null);
      create.reset();
      form.resetFields();
    }
    // reset only when the dialog closes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const used = code !== null && pendingIds !== undefined && !pendingIds.includes(code.id);
  const expired =
    code !== null && !used && serverTime !== undefined && Date.parse(serverTime) >= Date.parse(code.expiresAt);
  const paired = used ? devices.find((d) => d.name === code.name && d.type === code.type) : undefined;

  const submit = async () => {
    const values = await validFormValues(form);
    if (!values) return;
    setCode(await create.mutateAsync(values));
  };

  return (
    <Modal
      open={open}
      title={t('pair.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        code ? (
          <>
            <Button onClick={() => setCode(null)}>{t('actions.another')}</Button>
            <Button type="primary" onClick={onClose}>
              {t('actions.close')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>{t('revoke.cancel')}</Button>
            <Button type="primary" loading={create.isPending} onClick={() => void submit().catch(() => undefined)}>
              {t('actions.createCode')}
            </Button>
          </>
        )
      }
    >
      {code ? (
        used ? (
          <Result status="success" title={t('pair.done', { name: paired?.name ?? code.name })} />
        ) : expired ? (
          <Alert type="warning" title={t('pair.expired')} showIcon />
        ) : (
          <div className="ra-devices__code-box">
            <Typography.Text type="secondary">{t('pair.code')}</Typography.Text>
            <output className="ra-devices__pairing-code" data-testid="pairing-code" aria-label={t('pair.code')}>
              {formatPairingCode(code.code)}
            </output>
            <Typography.Paragraph>
              {t('pair.expires', {
                time: formatClock(code.expiresAt, lang, zone),
              })}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary" aria-live="polite">
              {t('pair.waiting')}
            </Typography.Paragraph>
          </div>
        )
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ type: 'terminal' }}
          onFinish={() => void submit().catch(() => undefined)}
        >
          <Typography.Paragraph type="secondary">{t('pair.help')}</Typography.Paragraph>
          <Form.Item name="name" label={t('fields.name')} rules={[schemaRule('name')]}>
            <Input maxLength={60} autoFocus />
          </Form.Item>
          <Form.Item name="type" label={t('fields.type')} rules={[schemaRule('type')]}>
            <Select options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))} />
          </Form.Item>
          {create.isError ? (
            <Alert type="error" showIcon title={translateServerMessage(errorText(create.error), currentLanguage())} />
          ) : null}
        </Form>
      )}
    </Modal>
  );
}
