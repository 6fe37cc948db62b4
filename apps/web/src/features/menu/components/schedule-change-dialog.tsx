import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Form,
  List,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@ra/shared/format/locale-format';
import { MENU_CHANNELS, type TItem, type TMenuChannel, type TScheduleRequest } from '@ra/shared/menu/menu.schemas';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import {
  isBeforeRestaurantToday,
  pickedToIso,
  useRestaurantTime,
  useRestaurantZone,
} from '../../../lib/restaurant-time.ts';
import { useCancelScheduledChange, useScheduleChange, useScheduledChanges } from '../api/scheduled-changes.ts';
import { menuErrorText, translateMenu } from '../menu-messages.ts';
import { MoneyInput } from './money-input.tsx';
import { dayPickerKeys } from '../../../components/date-input.tsx';

interface TValues {
  at?: Dayjs;
  changePrice: boolean;
  priceCents?: number | null;
  changeSoldOut: boolean;
  soldOut: boolean;
  changeChannels: boolean;
  hiddenChannels: TMenuChannel[];
}

/**
 * The schedule request of the dialog's values, or the English message of what is missing. The time
 * picked is the restaurant's wall clock (`zone`), sent with that zone's offset.
 */
export function scheduleRequestOf(
  itemId: number,
  v: TValues,
  channels: TItem['channels'],
  zone: string | undefined,
): TScheduleRequest | string {
  const at = v.at ? pickedToIso(v.at.second(0).millisecond(0), zone) : null;
  if (!at) return 'Choose a time in the future';
  const change: TScheduleRequest['change'] = {};
  if (v.changePrice) {
    if (v.priceCents === null || v.priceCents === undefined) return 'Please input price';
    change.priceCents = v.priceCents;
  }
  if (v.changeSoldOut) change.soldOut = v.soldOut;
  if (v.changeChannels)
    change.channels = Object.fromEntries(
      MENU_CHANNELS.map((c) => [
        c,
        { visible: !v.hiddenChannels.includes(c), priceCents: channels[c]?.priceCents ?? null },
      ]),
    );
  if (Object.keys(change).length === 0) return 'Choose at least one change to schedule';
  return { ids: [itemId], at, change };
}

/**
 * Schedule a price or availability change for a future time (issue 8): the server applies it then by
 * itself, even after a restart. One item here; the list below the form shows and cancels pending ones.
 */
export function ScheduleChangeDialog({ item, open, onClose }: { item: TItem; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('menu');
  const [form] = Form.useForm<TValues>();
  const values = Form.useWatch([], form) as TValues | undefined;
  const schedule = useScheduleChange();
  const [failure, setFailure] = useState<string | null>(null);
  const zone = useRestaurantZone();
  const time = useRestaurantTime();

  const submit = async () => {
    setFailure(null);
    const request = scheduleRequestOf(item.id, form.getFieldsValue(true) as TValues, item.channels, zone);
    if (typeof request === 'string') {
      setFailure(translateMenu(request));
      return;
    }
    try {
      await schedule.mutateAsync(request);
      showSuccessMessage(t('schedule.done'));
      form.resetFields();
      onClose();
    } catch (e) {
      setFailure(menuErrorText(e));
    }
  };

  return (
    <Modal
      open={open}
      title={t('schedule.title', { name: item.name })}
      okText={t('schedule.submit')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      confirmLoading={schedule.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <Form<TValues>
        form={form}
        // Its own id prefix: the item form behind it has a priceCents field too, and labels find fields by id.
        name="schedule-change"
        layout="vertical"
        initialValues={{
          changePrice: true,
          priceCents: item.priceCents,
          changeSoldOut: false,
          soldOut: false,
          changeChannels: false,
          hiddenChannels: MENU_CHANNELS.filter((c) => item.channels[c]?.visible === false),
        }}
      >
        <Form.Item
          name="at"
          label={t('schedule.at')}
          required
          extra={<span data-testid="schedule-zone">{t('common:zone.note', { zone: time.label })}</span>}
        >
          <DatePicker
            {...dayPickerKeys}
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => isBeforeRestaurantToday(d, zone)}
            style={{ width: 240 }}
          />
        </Form.Item>
        <Form.Item name="changePrice" valuePropName="checked" style={{ marginBottom: 4 }}>
          <Checkbox>{t('schedule.changePrice')}</Checkbox>
        </Form.Item>
        {values?.changePrice && (
          <Form.Item name="priceCents" label={t('schedule.newPrice')}>
            <MoneyInput />
          </Form.Item>
        )}
        <Form.Item name="changeSoldOut" valuePropName="checked" style={{ marginBottom: 4 }}>
          <Checkbox>{t('schedule.changeSoldOut')}</Checkbox>
        </Form.Item>
        {values?.changeSoldOut && (
          <Form.Item name="soldOut" valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        <Form.Item name="changeChannels" valuePropName="checked" style={{ marginBottom: 4 }}>
          <Checkbox>{t('schedule.changeChannels')}</Checkbox>
        </Form.Item>
        {values?.changeChannels && (
          <Form.Item name="hiddenChannels" label={t('schedule.hiddenOn')}>
            <Checkbox.Group options={MENU_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** The item's scheduled changes still to come, each with what it does and a cancel button. */
export function ScheduledChangesList({ itemId }: { itemId: number }) {
  const { t } = useTranslation('menu');
  const changes = useScheduledChanges(itemId);
  const cancel = useCancelScheduledChange();
  const time = useRestaurantTime();
  const lang = time.lang;
  const pending = (changes.data?.changes ?? []).filter((c) => c.status === 'pending');
  if (pending.length === 0) return null;
  return (
    <List
      size="small"
      bordered
      style={{ marginBottom: 12 }}
      header={<Typography.Text strong>{t('schedule.pending')}</Typography.Text>}
      dataSource={pending}
      renderItem={(c) => (
        <List.Item
          actions={[
            <Popconfirm
              key="cancel"
              title={t('schedule.cancelConfirm')}
              okText={t('schedule.cancel')}
              cancelText={t('actions.keep')}
              onConfirm={() => cancel.mutateAsync(c.id)}
            >
              <Button size="small" danger>
                {t('schedule.cancel')}
              </Button>
            </Popconfirm>,
          ]}
        >
          <Space wrap>
            <Tag color="processing">{time.dateTime(c.at)}</Tag>
            {c.change.priceCents !== undefined && (
              <span>{t('schedule.priceTo', { price: formatCents(c.change.priceCents, lang) })}</span>
            )}
            {c.change.soldOut !== undefined && (
              <span>{c.change.soldOut ? t('soldOut.short') : t('soldOut.onSale')}</span>
            )}
            {c.change.channels && <span>{t('schedule.channelsChange')}</span>}
          </Space>
        </List.Item>
      )}
    />
  );
}
