import { useEffect } from 'react';
import { Alert, Button, Drawer, Form, Input, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCents, toDisplayLanguage } from '@ra/shared/format/locale-format';
import type { TReward, TRewardInput, TRewardKind } from '@ra/shared/rewards/rewards.schemas';
import { NumberInput, numberRule } from '../../../components/number-input.tsx';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { useRewardOptions, useSaveReward } from '../api/rewards-api.ts';

interface TFormValues {
  nameEn: string;
  nameZh: string;
  pointsCost: number | null;
  kind: TRewardKind;
  couponId?: number | null;
  menuItemId?: number | null;
}

/** Add or edit a reward: names in both languages, points cost, and a coupon or a free menu item. */
export function RewardFormDrawer({
  open,
  reward,
  mobile,
  onClose,
}: {
  open: boolean;
  reward: TReward | null;
  mobile: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('rewards');
  const lang = toDisplayLanguage(i18n.language);
  const [form] = Form.useForm<TFormValues>();
  const kind = Form.useWatch('kind', form);
  const options = useRewardOptions(open);
  const save = useSaveReward();

  useEffect(() => {
    if (!open) return;
    save.reset();
    form.resetFields();
    form.setFieldsValue(
      reward
        ? {
            nameEn: reward.nameEn,
            nameZh: reward.nameZh,
            pointsCost: reward.pointsCost,
            kind: reward.kind,
            couponId: reward.couponId,
            menuItemId: reward.menuItemId,
          }
        : { nameEn: '', nameZh: '', pointsCost: null, kind: 'coupon', couponId: null, menuItemId: null },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when opened or the reward changes
  }, [open, reward]);

  const submit = async (values: TFormValues) => {
    const input: TRewardInput = {
      nameEn: values.nameEn ?? '',
      nameZh: values.nameZh ?? '',
      pointsCost: values.pointsCost as number,
      kind: values.kind,
      couponId: values.kind === 'coupon' ? (values.couponId ?? null) : null,
      menuItemId: values.kind === 'item' ? (values.menuItemId ?? null) : null,
    };
    try {
      await save.mutateAsync({ id: reward?.id ?? null, input });
      showSuccessMessage(t(reward ? 'messages.saved' : 'messages.created'));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.errors) {
        form.setFields(
          Object.entries(error.errors).map(([name, message]) => ({
            name: name as keyof TFormValues,
            errors: [translateServerMessage(message, currentLanguage())],
          })),
        );
      }
    }
  };

  const serverError = save.isError && !(isApiError(save.error) && save.error.errors) ? errorText(save.error) : null;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={reward ? t('form.editTitle') : t('form.createTitle')}
      size={mobile ? undefined : 'large'}
      width={mobile ? '100%' : 520}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('actions.save')}
          </Button>
        </Space>
      }
    >
      {serverError && <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} />}
      {options.isError && <Alert type="error" showIcon title={errorText(options.error)} style={{ marginBottom: 16 }} />}
      <Form<TFormValues> form={form} layout="vertical" onFinish={submit} requiredMark="optional">
        <Form.Item
          name="nameEn"
          label={t('fields.nameEn')}
          rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="nameZh" label={t('fields.nameZh')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="pointsCost"
          label={t('fields.pointsCost')}
          rules={[
            { required: true, message: t('form.pointsRequired') },
            numberRule({ min: 1, max: 1_000_000, decimals: 0 }),
          ]}
        >
          <NumberInput style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="kind" label={t('fields.gives')} rules={[{ required: true, message: t('fields.gives') }]}>
          <Radio.Group
            options={[
              { value: 'coupon', label: t('kinds.coupon') },
              { value: 'item', label: t('kinds.item') },
            ]}
          />
        </Form.Item>
        {kind === 'item' ? (
          <Form.Item
            name="menuItemId"
            label={t('fields.menuItem')}
            rules={[{ required: true, message: t('form.itemRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={options.isPending}
              placeholder={t('form.pickItem')}
              options={(options.data?.items ?? []).map((i) => ({
                value: i.id,
                label: `${i.name} (${formatCents(i.priceCents, lang)})`,
              }))}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="couponId"
            label={t('fields.coupon')}
            rules={[{ required: true, message: t('form.couponRequired') }]}
            extra={t('form.couponHint')}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={options.isPending}
              placeholder={t('form.pickCoupon')}
              notFoundContent={t('form.noCoupons')}
              options={(options.data?.coupons ?? []).map((c) => ({
                value: c.id,
                label: `${c.name} · ${t(`coupons:types.${c.type}`)}`,
              }))}
            />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
