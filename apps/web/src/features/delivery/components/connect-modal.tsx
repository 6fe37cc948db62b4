import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TConnectRequest, TPlatformConnection } from '@ra/shared/delivery/delivery.schemas';

const STORE_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;

/**
 * Connect one platform: the store id the platform's merchant dashboard shows (required for a live
 * platform; the simulator issues one when left empty). The server checks it with the platform.
 */
export function ConnectModal(props: {
  connection: TPlatformConnection | undefined;
  pending: boolean;
  onConnect: (body: TConnectRequest) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('delivery');
  const [form] = Form.useForm<{ storeId: string }>();
  const p = props.connection;
  const live = p?.connectMode === 'live';
  useEffect(() => {
    if (p) form.resetFields();
  }, [p, form]);
  return (
    <Modal
      open={p !== undefined}
      title={p ? t('connect.title', { platform: p.label }) : ''}
      okText={t('connect.ok')}
      cancelText={t('cancel')}
      confirmLoading={props.pending}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => {
          const storeId = values.storeId?.trim();
          props.onConnect(storeId ? { storeId } : {});
        }}
      >
        <Form.Item
          name="storeId"
          label={t('connect.storeId')}
          extra={live ? t('connect.storeIdHelpLive', { platform: p?.label }) : t('connect.storeIdHelpSimulator')}
          rules={[
            { required: live, whitespace: true, message: t('connect.storeIdRequired') },
            { max: 80, message: t('connect.storeIdFormat') },
            { pattern: STORE_ID, message: t('connect.storeIdFormat') },
          ]}
        >
          <Input autoFocus autoComplete="off" maxLength={80} data-testid="connect-store-id" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
