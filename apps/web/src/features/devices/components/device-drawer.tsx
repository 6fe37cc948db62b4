import { useLayoutEffect } from 'react';
import { Alert, Button, Descriptions, Drawer, Form, Input, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_PLATFORMS,
  ZUpdateDeviceRequest,
  type TDevice,
  type TUpdateDeviceRequest,
} from '@ra/shared/devices/devices.schemas';
import { formatDateTime, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { showConfirm, showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { useRestaurantZone } from '../../../lib/restaurant-time.ts';
import { useRevokeDevice } from '../api/revoke-device.ts';
import { useUpdateDevice } from '../api/update-device.ts';
import { STATUS_COLOR, useVisitText } from './device-visit.ts';

type TFormValues = Required<Pick<TUpdateDeviceRequest, 'name' | 'platformConfig'>> & { code: string };

/** The whole form checked with the shared schema; the first message of each field under it. */
async function validate(values: TFormValues): Promise<TUpdateDeviceRequest> {
  const result = ZUpdateDeviceRequest.safeParse(values);
  if (result.success) return result.data;
  throw result.error;
}

/** One device: everything the SPEC lists about it, its name, code and app settings, and revoking it. */
export function DeviceDrawer({
  device,
  serverTime,
  onClose,
}: {
  device: TDevice | undefined;
  serverTime: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('devices');
  const [form] = Form.useForm<TFormValues>();
  const update = useUpdateDevice();
  const revoke = useRevokeDevice();
  const lang = toDisplayLanguage(currentLanguage());
  const zone = useRestaurantZone();
  const visit = useVisitText(serverTime);
  const when = (at: string | null) => (at ? formatDateTime(at, lang, zone) : '—');

  // a layout effect, so a late refill can never overwrite what the person has started typing
  useLayoutEffect(() => {
    if (device)
      form.setFieldsValue({ name: device.name, code: device.code ?? '', platformConfig: device.platformConfig });
    update.reset();
    // refill when another device opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [device?.id]);

  const save = async () => {
    const values = form.getFieldsValue(true) as TFormValues;
    try {
      const body = await validate(values);
      form.setFields([
        { name: 'name', errors: [] },
        { name: 'code', errors: [] },
      ]);
      await update.mutateAsync({ id: device!.id, ...body });
      showSuccessMessage(t('saved'));
    } catch (error) {
      const issues = (error as { issues?: Array<{ path: PropertyKey[]; message: string }> }).issues;
      if (issues) {
        form.setFields(
          issues.map((i) => ({
            name: i.path.map(String) as never,
            errors: [translateServerMessage(i.message, currentLanguage())],
          })),
        );
      }
    }
  };

  const askRevoke = () =>
    showConfirm({
      title: t('revoke.title', { name: device!.name }),
      content: t('revoke.content'),
      okText: t('revoke.ok'),
      cancelText: t('revoke.cancel'),
      onOk: async () => {
        await revoke.mutateAsync(device!.id);
        showSuccessMessage(t('revoke.done', { name: device!.name }));
      },
    });

  return (
    <Drawer
      open={device !== undefined}
      onClose={onClose}
      title={device?.name}
      size={520}
      extra={device ? <Tag color={STATUS_COLOR[device.status]}>{t(`status.${device.status}`)}</Tag> : null}
    >
      {device ? (
        <>
          <Descriptions column={1} size="small" bordered className="ra-devices__details">
            <Descriptions.Item label={t('fields.type')}>{t(`type.${device.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.model')}>{device.model ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.serialNumber')}>{device.serialNumber ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.macAddress')}>{device.macAddress ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.ipAddress')}>{device.ipAddress ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.mobileId')}>{device.mobileId ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.platform')}>
              {device.platform ? `${t(`platform.${device.platform}`)} ${device.appVersion ?? ''}` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.lastVisit')}>
              {visit(device.lastVisitAt)} {device.lastVisitAt ? `(${when(device.lastVisitAt)})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.lastIp')}>{device.lastIp ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.pairedAt')}>{when(device.pairedAt)}</Descriptions.Item>
            {device.revokedAt ? (
              <Descriptions.Item label={t('fields.revokedAt')}>{when(device.revokedAt)}</Descriptions.Item>
            ) : null}
          </Descriptions>

          <Form form={form} layout="vertical" className="ra-devices__form" disabled={device.status === 'revoked'}>
            <Form.Item name="name" label={t('fields.name')}>
              <Input maxLength={60} />
            </Form.Item>
            <Form.Item name="code" label={t('fields.code')}>
              <Input maxLength={20} />
            </Form.Item>
            <Typography.Title level={3} className="ra-devices__subtitle">
              {t('platformConfig.title')}
            </Typography.Title>
            {DEVICE_PLATFORMS.map((platform) => (
              <fieldset key={platform} className="ra-devices__platform">
                <legend>{t(`platform.${platform}`)}</legend>
                <Form.Item name={['platformConfig', platform, 'minAppVersion']} label={t('fields.minAppVersion')}>
                  <Input placeholder="4.2" maxLength={14} />
                </Form.Item>
                <Space wrap>
                  <Form.Item name={['platformConfig', platform, 'autoUpdate']} valuePropName="checked" noStyle>
                    <Switch aria-label={`${t(`platform.${platform}`)}: ${t('fields.autoUpdate')}`} />
                  </Form.Item>
                  <span>{t('fields.autoUpdate')}</span>
                </Space>
                <Space wrap>
                  <Form.Item name={['platformConfig', platform, 'lockToApp']} valuePropName="checked" noStyle>
                    <Switch aria-label={`${t(`platform.${platform}`)}: ${t('fields.lockToApp')}`} />
                  </Form.Item>
                  <span>{t('fields.lockToApp')}</span>
                </Space>
              </fieldset>
            ))}
            {update.isError ? (
              <Alert type="error" showIcon title={translateServerMessage(errorText(update.error), currentLanguage())} />
            ) : null}
          </Form>
          {device.status !== 'revoked' ? (
            <Space className="ra-devices__drawer-actions">
              <Button type="primary" loading={update.isPending} onClick={() => void save()}>
                {t('actions.save')}
              </Button>
              <Button danger onClick={askRevoke}>
                {t('actions.revoke')}
              </Button>
            </Space>
          ) : null}
        </>
      ) : null}
    </Drawer>
  );
}
