import { useLayoutEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Drawer, Form, Input, Radio, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { COUPON_CHANNELS, COUPON_TYPES, type TCoupon } from '@ra/shared/coupons/coupons.schemas';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { useSaveCoupon } from '../api/save-coupon.ts';
import {
  couponFormErrors,
  couponFormWarnings,
  couponToForm,
  formToInput,
  TYPE_FIELDS,
  type TCouponFormValues,
} from '../coupon-form.ts';
import { couponErrorText, couponFieldErrors } from '../coupon-messages.ts';
import { MenuIdSelect } from './menu-id-select.tsx';
import { NumberInput } from '../../../components/number-input.tsx';
import { DateInput } from '../../../components/date-input.tsx';

/** Create or edit a coupon; the rules are the shared schema's (SPEC 5), checked as the user types. */
export function CouponFormDrawer({
  open,
  coupon,
  mobile,
  onClose,
}: {
  open: boolean;
  coupon: TCoupon | null;
  mobile: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('coupons');
  const [form] = Form.useForm<TCouponFormValues>();
  const save = useSaveCoupon();
  const [values, setValues] = useState<TCouponFormValues>(couponToForm(coupon));
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  // Before the drawer can be used, not after: as a passive effect this reset could run late (on a busy
  // machine, after a type was already chosen) and quietly put the form back to its first type.
  useLayoutEffect(() => {
    if (!open) return;
    const initial = couponToForm(coupon);
    form.resetFields();
    form.setFieldsValue(initial);
    setValues(initial);
    setTouched(false);
    setServerErrors({});
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the drawer opens for a coupon
  }, [open, coupon?.id]);

  const errors = useMemo(() => ({ ...couponFormErrors(values), ...serverErrors }), [values, serverErrors]);
  const warnings = useMemo(() => couponFormWarnings(values), [values]);
  const fields = TYPE_FIELDS[values.type];
  const show = (name: string) =>
    touched && errors[name] ? { validateStatus: 'error' as const, help: errors[name] } : {};

  const submit = async () => {
    setTouched(true);
    if (Object.keys(couponFormErrors(values)).length > 0) return;
    try {
      await save.mutateAsync({ id: coupon?.id ?? null, input: formToInput(values) });
      showSuccessMessage(t('messages.saved'));
      onClose();
    } catch (error) {
      setServerErrors(couponFieldErrors(error));
    }
  };

  const money = (name: 'overAmount' | 'minusAmount', label: string) => (
    <Form.Item name={name} label={label} required {...show(name)}>
      <NumberInput decimals={2} step={1} prefix="$" style={{ width: '100%' }} aria-label={label} />
    </Form.Item>
  );
  const countField = (name: 'overAmount' | 'minusAmount', label: string) => (
    <Form.Item name={name} label={label} required {...show(name)}>
      <NumberInput style={{ width: '100%' }} aria-label={label} />
    </Form.Item>
  );
  const overLabel =
    values.type === 'buyGive'
      ? t('fields.buy')
      : values.type === 'piecesDiscount'
        ? t('fields.pieces')
        : t('fields.overAmount');

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={coupon ? t('actions.editTitle', { name: coupon.name }) : t('actions.create')}
      size={mobile ? undefined : 'large'}
      width={mobile ? '100%' : 560}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            {t('actions.save')}
          </Button>
        </Space>
      }
    >
      {save.isError && !Object.keys(serverErrors).length ? (
        <Alert type="error" showIcon title={couponErrorText(save.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={values}
        onValuesChange={(_, all) => {
          setValues({ ...values, ...all });
          setServerErrors({});
        }}
        onFinish={() => void submit()}
      >
        <Form.Item name="name" label={t('fields.name')} required {...show('name')}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="type" label={t('fields.type')} required>
          <Select options={COUPON_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} />
        </Form.Item>
        <Form.Item
          name="code"
          label={fields.code ? t('fields.customCode') : t('fields.code')}
          required={Boolean(fields.code)}
          extra={fields.code ? undefined : t('hints.code')}
          {...show('code')}
        >
          <Input maxLength={24} style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        {fields.over === 'money' ? money('overAmount', t('fields.overAmount')) : null}
        {fields.over === 'count' ? countField('overAmount', overLabel) : null}
        {fields.minus === 'money' ? money('minusAmount', t('fields.minusAmount')) : null}
        {fields.minus === 'count' ? countField('minusAmount', t('fields.give')) : null}
        {fields.discount ? (
          <Form.Item name="discount" label={t('fields.discount')} required {...show('discount')}>
            <NumberInput suffix="%" style={{ width: '100%' }} aria-label={t('fields.discount')} />
          </Form.Item>
        ) : null}
        {fields.anyItem ? (
          <Form.Item name="anyItem" label={t('fields.appliesTo')} {...show('anyItem')}>
            <Radio.Group
              aria-label={t('fields.appliesTo')}
              options={[
                { value: false, label: t('appliesTo.listed') },
                { value: true, label: t('appliesTo.any') },
              ]}
            />
          </Form.Item>
        ) : null}
        {fields.items && !(fields.anyItem && values.anyItem) ? (
          <>
            <Form.Item
              name="itemIds"
              label={t('fields.itemIds')}
              extra={warnings[0] ?? t('hints.ids')}
              {...show('itemIds')}
            >
              <MenuIdSelect kind="items" ariaLabel={t('fields.itemIds')} />
            </Form.Item>
            <Form.Item name="categoryIds" label={t('fields.categoryIds')} {...show('categoryIds')}>
              <MenuIdSelect kind="categories" ariaLabel={t('fields.categoryIds')} />
            </Form.Item>
          </>
        ) : null}
        {fields.toppings ? (
          <Form.Item name="toppingIds" label={t('fields.toppingIds')} required {...show('toppingIds')}>
            <MenuIdSelect kind="toppings" ariaLabel={t('fields.toppingIds')} />
          </Form.Item>
        ) : null}
        <Form.Item name="totalNum" label={t('fields.totalNum')} extra={t('hints.totalNum')} {...show('totalNum')}>
          <NumberInput style={{ width: '100%' }} aria-label={t('fields.totalNum')} />
        </Form.Item>
        <Form.Item name="perCustomerLimit" label={t('fields.perCustomerLimit')} {...show('perCustomerLimit')}>
          <NumberInput style={{ width: '100%' }} aria-label={t('fields.perCustomerLimit')} />
        </Form.Item>
        <Space wrap style={{ width: '100%' }}>
          <Form.Item name="startDate" label={t('fields.startDate')} {...show('startDate')}>
            <DateInput />
          </Form.Item>
          <Form.Item name="endDate" label={t('fields.endDate')} {...show('endDate')}>
            <DateInput />
          </Form.Item>
        </Space>
        <Form.Item name="hours" label={t('fields.hours')} extra={t('hints.hours')} {...show('hours')}>
          <Input placeholder="11:00-14:00" />
        </Form.Item>
        <Form.Item name="channels" label={t('fields.channels')} {...show('channels')}>
          <Checkbox.Group options={COUPON_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))} />
        </Form.Item>
        <Form.Item name="days" label={t('fields.days')} {...show('days')}>
          <Checkbox.Group options={[0, 1, 2, 3, 4, 5, 6].map((d) => ({ value: d, label: t(`days.${d}`) }))} />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="stackable" label={t('fields.stackable')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="active" label={t('fields.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Drawer>
  );
}
