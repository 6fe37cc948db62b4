import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Form,
  Input,
  Modal,
  Radio,
  Result,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import {
  FEE_KINDS,
  ORDER_TYPES,
  ZServiceFeeInput,
  type TServiceFee,
  type TServiceFeeInput,
} from '@ra/shared/business/business.schemas';
import { bpsToPercentText, centsToAmountText } from '@ra/shared/business/money';
import { formatCents, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { showConfirm, showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { restaurantToday, useRestaurantZone } from '../../../lib/restaurant-time.ts';
import { errorText } from '../../../lib/request.ts';
import { useDeleteServiceFee, useSaveServiceFee, useServiceFees } from '../api/service-fees.ts';
import { schemaRule, serverFieldErrors } from '../form-rules.ts';
import { DateInput, dayRule } from '../../../components/date-input.tsx';

const PAGE_SIZE = 10;

function formValuesOf(fee: TServiceFee | null, today: string): TServiceFeeInput {
  if (!fee)
    return {
      description: '',
      kind: 'fixed',
      amount: '',
      startDate: today,
      endDate: today,
      orderTypes: ['dine_in'],
      minimumCheck: '0',
      taxable: false,
      active: true,
    };
  return {
    description: fee.description,
    kind: fee.kind,
    amount: fee.kind === 'fixed' ? centsToAmountText(fee.amountCents ?? 0) : bpsToPercentText(fee.percentBps ?? 0),
    startDate: fee.startDate,
    endDate: fee.endDate ?? fee.startDate,
    orderTypes: fee.orderTypes,
    minimumCheck: centsToAmountText(fee.minimumCheckCents),
    taxable: fee.taxable,
    active: fee.active,
  };
}

function FeeForm({ fee, onDone }: { fee: TServiceFee | null; onDone: () => void }) {
  const { t } = useTranslation('business');
  const [form] = Form.useForm<TServiceFeeInput>();
  const save = useSaveServiceFee();
  const [failure, setFailure] = useState<string | null>(null);
  const kind = Form.useWatch('kind', form);
  const values = () => form.getFieldsValue(true) as unknown;
  const rule = (name: keyof TServiceFeeInput) => [schemaRule(ZServiceFeeInput, [name], values)];
  const today = restaurantToday(useRestaurantZone());

  async function submit(v: TServiceFeeInput) {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ ...v, id: fee?.id ?? null });
      if (saved.warnings.length)
        Modal.warning({
          title: t('fees.overlapTitle'),
          content: t('fees.overlapContent', { names: saved.warnings.map((w) => w.description).join(', ') }),
        });
      else showSuccessMessage(t('fees.saved'));
      onDone();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.length) form.setFields(fields as never);
      else setFailure(errorText(error));
    }
  }

  return (
    <Form<TServiceFeeInput>
      form={form}
      layout="vertical"
      initialValues={formValuesOf(fee, today)}
      onFinish={(v) => void submit(v)}
    >
      <Form.Item name="description" label={t('fees.description')} rules={rule('description')} required>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="kind" label={t('fees.kind')} required>
        <Radio.Group options={FEE_KINDS.map((k) => ({ value: k, label: t(`fees.kindName.${k}`) }))} />
      </Form.Item>
      <Form.Item
        name="amount"
        label={kind === 'percent' ? t('fees.percent') : t('fees.amount')}
        rules={rule('amount')}
        required
      >
        <Input
          inputMode="decimal"
          prefix={kind === 'percent' ? undefined : '$'}
          suffix={kind === 'percent' ? '%' : undefined}
        />
      </Form.Item>
      <Space wrap>
        <Form.Item name="startDate" label={t('fees.startDate')} rules={[...rule('startDate'), dayRule()]} required>
          <DateInput />
        </Form.Item>
        <Form.Item
          name="endDate"
          label={t('fees.endDate')}
          rules={[...rule('endDate'), dayRule()]}
          required
          dependencies={['startDate']}
        >
          <DateInput />
        </Form.Item>
      </Space>
      <Form.Item name="orderTypes" label={t('fees.orderTypes')} rules={rule('orderTypes')} required>
        <Checkbox.Group options={ORDER_TYPES.map((o) => ({ value: o, label: t(`fees.orderType.${o}`) }))} />
      </Form.Item>
      <Form.Item name="minimumCheck" label={t('fees.minimumCheck')} rules={rule('minimumCheck')}>
        <Input inputMode="decimal" prefix="$" />
      </Form.Item>
      <Space size={24}>
        <Form.Item name="taxable" label={t('fees.taxable')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="active" label={t('fees.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} />}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('fees.save')}
        </Button>
        <Button onClick={onDone}>{t('actions.cancel')}</Button>
      </Space>
    </Form>
  );
}

/** SPEC 3 "Service fee item": the list (paged on the server) with add, edit and delete. */
export function ServiceFees() {
  const { t, i18n } = useTranslation('business');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TServiceFee | 'new' | null>(null);
  const fees = useServiceFees(page, PAGE_SIZE);
  const remove = useDeleteServiceFee();
  if (fees.isError)
    return (
      <Result
        status="error"
        title={t('fees.loadFailed')}
        subTitle={errorText(fees.error)}
        extra={<Button onClick={() => void fees.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  const amountOf = (f: TServiceFee) =>
    f.kind === 'fixed'
      ? formatCents(f.amountCents ?? 0, toDisplayLanguage(i18n.language))
      : `${bpsToPercentText(f.percentBps ?? 0)}%`;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <div className="ra-business__actions">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('fees.add')}
        </Button>
      </div>
      <Table<TServiceFee>
        rowKey="id"
        size="small"
        loading={fees.isPending}
        dataSource={fees.data?.items ?? []}
        scroll={{ x: true }}
        locale={{ emptyText: t('fees.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: fees.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          {
            title: t('fees.description'),
            key: 'd',
            render: (_, f) => (
              <span>
                {f.description} {!f.active && <Tag>{t('fees.inactive')}</Tag>}
                {f.overlapsWith.length > 0 && <Tag color="orange">{t('fees.overlaps')}</Tag>}
              </span>
            ),
          },
          { title: t('fees.amount'), key: 'a', render: (_, f) => amountOf(f) },
          { title: t('fees.dates'), key: 'dt', render: (_, f) => `${f.startDate} – ${f.endDate ?? ''}` },
          {
            title: t('fees.orderTypes'),
            key: 'o',
            render: (_, f) => f.orderTypes.map((o) => t(`fees.orderType.${o}`)).join(', '),
          },
          {
            title: t('fees.actions'),
            key: 'x',
            render: (_, f) => (
              <Space>
                <Button size="small" onClick={() => setEditing(f)}>
                  {t('actions.edit')}
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    showConfirm({
                      title: t('fees.deleteTitle'),
                      content: t('fees.deleteContent', { name: f.description }),
                      okText: t('actions.delete'),
                      cancelText: t('actions.cancel'),
                      onOk: () => remove.mutateAsync(f.id).catch((e: unknown) => showErrorMessage(errorText(e))),
                    })
                  }
                >
                  {t('actions.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Typography.Text type="secondary">{t('fees.help')}</Typography.Text>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('fees.add') : t('fees.edit')}
        footer={null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null && <FeeForm fee={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Space>
  );
}
