import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Form, Input, Result, Select, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ScheduleOutlined from '@ant-design/icons/ScheduleOutlined';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { milliPercentToPercentLabel } from '../menu-format.ts';
import { DESCRIPTION_MAX_LENGTH, SUBTITLE_MAX_LENGTH } from '@ra/shared/menu/menu.messages';
import { BARCODE_TYPES, MENU_CHANNELS, type TItem } from '@ra/shared/menu/menu.schemas';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { isApiError } from '../../../lib/request.ts';
import { sameValues, useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { useCategories } from '../api/categories.ts';
import { useDeleteItem } from '../api/delete-item.ts';
import { useItem } from '../api/get-item.ts';
import { useModifierGroups } from '../api/modifier-groups.ts';
import { usePrinters } from '../api/printers.ts';
import { useSaveItem } from '../api/save-item.ts';
import {
  copiedItemValues,
  itemFormValues,
  itemProblems,
  newItemValues,
  toItemRequest,
  type TItemFormValues,
} from '../item-form-values.ts';
import { addItemPath, editItemPath, ITEM_LIBRARY_PATH } from '../menu-paths.ts';
import { menuErrorText, serverFieldErrors, translateMenu } from '../menu-messages.ts';
import { useDeleteFlow } from '../hooks/use-delete-flow.ts';
import { DishHoursEditor } from './dish-hours-editor.tsx';
import { ItemHistoryDrawer } from './item-history-drawer.tsx';
import { ItemImagesField } from './item-images-field.tsx';
import { ItemOptionsField } from './item-options-field.tsx';
import { MoneyInput, PercentInput } from './money-input.tsx';
import { PrinterSelect } from './printer-select.tsx';
import { ScheduleChangeDialog, ScheduledChangesList } from './schedule-change-dialog.tsx';
import { UsedInDialog } from './used-in-dialog.tsx';
import './menu.css';
import { NumberInput } from '../../../components/number-input.tsx';

/**
 * The item editor (SPEC 2 /AddItem and /EditItem?id=, SPEC 3 "Menu item"): every field in sections,
 * checked by the shared schema with the SPEC's words. On an existing item: version history with
 * restore, scheduled price and availability changes, copy and delete.
 */
export function ItemForm({ itemId, copyOf }: { itemId: number | null; copyOf?: number | null }) {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  const source = useItem(itemId ?? copyOf ?? null);
  const printers = usePrinters();
  if (itemId === null && !copyOf) {
    // The first printer is the default, so the form waits for the list (an error leaves "Kitchen").
    if (printers.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
    return <ItemFields item={null} initial={newItemValues(printers.data?.printers)} />;
  }
  if (source.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (source.isError) {
    const missing = isApiError(source.error) && source.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('item.notFound') : t('item.loadFailed')}
        subTitle={missing ? undefined : menuErrorText(source.error)}
        extra={
          missing ? (
            <Button onClick={() => navigate(ITEM_LIBRARY_PATH)}>{t('actions.backToLibrary')}</Button>
          ) : (
            <Button onClick={() => void source.refetch()}>{t('actions.retry')}</Button>
          )
        }
      />
    );
  }
  if (itemId === null)
    return <ItemFields key={`copy-${source.data.id}`} item={null} initial={copiedItemValues(source.data)} />;
  return (
    <ItemFields
      key={`${source.data.id}-${source.data.version}`}
      item={source.data}
      initial={itemFormValues(source.data)}
    />
  );
}

/** "options.0.name" -> ['options', 0, 'name'], the form's name path of a schema issue. */
const namePath = (path: string) => path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) as never;

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Card title={title} size="small" className="ra-item-form__section" id={id}>
      {children}
    </Card>
  );
}

function ItemFields({ item, initial }: { item: TItem | null; initial: TItemFormValues }) {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  const [form] = Form.useForm<TItemFormValues>();
  const categories = useCategories();
  const modifierGroups = useModifierGroups();
  const save = useSaveItem();
  const remove = useDeleteItem();
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty);
  const deleting = useDeleteFlow('items', remove.mutateAsync, () => {
    guard.release();
    navigate(ITEM_LIBRARY_PATH, { replace: true });
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const categoryId = Form.useWatch('categoryId', form);
  const openKitchen = Form.useWatch('openKitchen', form);
  const barcodeType = Form.useWatch('barcodeType', form);

  const defaultTax = useMemo(() => {
    const category = categories.data?.categories.find((c) => c.id === categoryId);
    const rate = category?.taxRateMilliPercent ?? categories.data?.defaultTaxRateMilliPercent;
    return rate === undefined || rate === null ? undefined : milliPercentToPercentLabel(rate);
  }, [categories.data, categoryId]);

  /** Each field is checked by the shared schema the server uses, in the user's language. */
  const rule = (path: string): Rule => ({
    validator: async () => {
      const problem = itemProblems(form.getFieldsValue(true) as TItemFormValues)[path];
      if (problem) throw new Error(translateMenu(problem));
    },
  });

  async function submit(): Promise<void> {
    setFailure(null);
    const values = form.getFieldsValue(true) as TItemFormValues;
    const problems = itemProblems(values);
    const entries = Object.entries(problems);
    if (entries.length) {
      form.setFields(entries.map(([path, message]) => ({ name: namePath(path), errors: [translateMenu(message)] })));
      form.scrollToField(namePath(entries[0]![0]), { block: 'center' });
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: item?.id, body: toItemRequest(values) });
      showSuccessMessage(translateMenu('Saved'));
      guard.release();
      setDirty(false);
      if (!item) navigate(editItemPath(saved.id), { replace: true });
    } catch (error) {
      const fields = Object.entries(serverFieldErrors(error)).map(
        ([key, message]) => [key.replace(/^body[./]/, '').replace(/\//g, '.'), message] as const,
      );
      if (fields.length) {
        form.setFields(fields.map(([path, message]) => ({ name: namePath(path), errors: [message] })));
        setFailure(fields.map(([, m]) => m).join(' · '));
      } else setFailure(menuErrorText(error));
    }
  }

  const narrowGrid = 'ra-item-form__grid';

  return (
    <div className="ra-item-form">
      {item && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">{t('item.versionLine', { version: item.version })}</Typography.Text>
          <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
            {t('actions.history')}
          </Button>
          <Button icon={<ScheduleOutlined />} onClick={() => setScheduleOpen(true)}>
            {t('actions.schedule')}
          </Button>
          <Button icon={<CopyOutlined />} onClick={() => navigate(addItemPath(item.id))}>
            {t('actions.copy')}
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={() => deleting.ask({ id: item.id, name: item.name })}>
            {t('actions.delete')}
          </Button>
          {item.soldOut && <Tag color="error">{t('soldOut.short')}</Tag>}
        </Space>
      )}
      {item && <ScheduledChangesList itemId={item.id} />}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-form-failure />}
      <Form<TItemFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={() => void submit()}
        onFinishFailed={() => void submit()}
        disabled={save.isPending}
        validateTrigger="onBlur"
        scrollToFirstError={{ block: 'center' }}
        onValuesChange={() => setDirty(!sameValues(form.getFieldsValue(true), initial))}
        // images arrive through setFieldsValue, which onValuesChange does not hear
        onFieldsChange={() => setDirty(!sameValues(form.getFieldsValue(true), initial))}
      >
        <Section title={t('sections.basics')} id="item-basics">
          <div className={narrowGrid}>
            <Form.Item
              name="itemId"
              label={t('fields.itemId')}
              required
              rules={[rule('itemId')]}
              extra={t('hints.itemId')}
            >
              <Input autoComplete="off" maxLength={40} />
            </Form.Item>
            <Form.Item name="name" label={t('fields.name')} required rules={[rule('name')]}>
              <Input autoComplete="off" maxLength={100} />
            </Form.Item>
            <Form.Item name="foreignName" label={t('fields.foreignName')} rules={[rule('foreignName')]}>
              <Input autoComplete="off" maxLength={100} />
            </Form.Item>
            <Form.Item
              name="printName"
              label={t('fields.printName')}
              required
              rules={[rule('printName')]}
              extra={t('hints.printName')}
            >
              <Input autoComplete="off" maxLength={100} />
            </Form.Item>
            <Form.Item name="categoryId" label={t('fields.category')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('library.noCategory')}
                loading={categories.isPending}
                options={(categories.data?.categories ?? []).map((c) => ({
                  value: c.id,
                  label: c.foreignName ? `${c.name} · ${c.foreignName}` : c.name,
                }))}
                onChange={(v) => form.setFieldValue('categoryId', v ?? null)}
              />
            </Form.Item>
            <Form.Item name="unit" label={t('fields.unit')} extra={t('hints.unit')}>
              <Input autoComplete="off" maxLength={20} />
            </Form.Item>
          </div>
          <Form.Item
            name="subtitle"
            label={t('fields.subtitle')}
            rules={[rule('subtitle')]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input showCount={{ formatter: ({ count }) => `${count} / ${SUBTITLE_MAX_LENGTH}` }} />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('fields.description')}
            rules={[rule('description')]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input.TextArea rows={3} showCount={{ formatter: ({ count }) => `${count} / ${DESCRIPTION_MAX_LENGTH}` }} />
          </Form.Item>
        </Section>

        <Section title={t('sections.price')} id="item-price">
          <div className={narrowGrid}>
            <Form.Item name="priceCents" label={t('fields.price')} required rules={[rule('priceCents')]}>
              <MoneyInput />
            </Form.Item>
            <Form.Item name="promoPriceCents" label={t('fields.promoPrice')} rules={[rule('promoPriceCents')]}>
              <MoneyInput />
            </Form.Item>
            <Form.Item name="costCents" label={t('fields.cost')} rules={[rule('costCents')]}>
              <MoneyInput />
            </Form.Item>
            <Form.Item
              name="taxRateMilliPercent"
              label={t('fields.taxRate')}
              rules={[rule('taxRateMilliPercent')]}
              extra={defaultTax ? t('hints.taxDefault', { rate: defaultTax }) : undefined}
            >
              <PercentInput placeholder={defaultTax} />
            </Form.Item>
          </div>
          <Space wrap size="large">
            <Form.Item name="taxIncluded" label={t('fields.taxIncluded')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item
              name="openPrice"
              label={t('fields.openPrice')}
              valuePropName="checked"
              tooltip={t('hints.openPrice')}
            >
              <Switch />
            </Form.Item>
          </Space>
          <Typography.Text strong>{t('fields.globalPrices')}</Typography.Text>
          <Form.List name="globalPrices">
            {(fields, { add, remove: drop }) => (
              <div style={{ marginTop: 8 }}>
                {fields.map((field) => (
                  <Space key={field.key} wrap align="start">
                    <Form.Item name={[field.name, 'name']} rules={[rule(`globalPrices.${field.name}.name`)]}>
                      <Input placeholder={t('fields.priceLevel')} aria-label={t('fields.priceLevel')} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'priceCents']}
                      rules={[rule(`globalPrices.${field.name}.priceCents`)]}
                    >
                      <MoneyInput aria-label={t('fields.price')} />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('actions.remove')}
                      onClick={() => drop(field.name)}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ name: '', priceCents: null })}>
                  {t('actions.addPriceLevel')}
                </Button>
              </div>
            )}
          </Form.List>
        </Section>

        <Section title={t('sections.options')} id="item-options">
          <ItemOptionsField rule={rule} />
        </Section>

        <Section title={t('sections.availability')} id="item-availability">
          <Form.Item
            name="dishHours"
            label={t('fields.dishHours')}
            rules={[rule('dishHours')]}
            extra={t('hints.dishHours')}
          >
            <DishHoursEditor />
          </Form.Item>
          <div className={narrowGrid}>
            <Form.Item name="minOrderQty" label={t('fields.minOrderQty')} rules={[rule('minOrderQty')]}>
              <NumberInput style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="maxOrderQty"
              label={t('fields.maxOrderQty')}
              rules={[rule('maxOrderQty')]}
              extra={t('hints.noLimit')}
            >
              <NumberInput style={{ width: '100%' }} />
            </Form.Item>
          </div>
          <Form.Item name="hideWhenUnavailable" label={t('fields.hideWhenUnavailable')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Section>

        <Section title={t('sections.channels')} id="item-channels">
          <Typography.Paragraph type="secondary">{t('hints.channels')}</Typography.Paragraph>
          {MENU_CHANNELS.map((channel) => (
            <Space key={channel} wrap align="center" style={{ display: 'flex', marginBottom: 8 }}>
              <span style={{ minWidth: 150, display: 'inline-block' }}>{t(`channels.${channel}`)}</span>
              <Form.Item name={['channels', channel, 'visible']} valuePropName="checked" noStyle>
                <Switch aria-label={t('item.channelShown', { channel: t(`channels.${channel}`) })} />
              </Form.Item>
              <Form.Item
                name={['channels', channel, 'priceCents']}
                noStyle
                rules={[rule(`channels.${channel}.priceCents`)]}
              >
                <MoneyInput
                  placeholder={t('item.channelPrice')}
                  aria-label={t('item.channelPriceOf', { channel: t(`channels.${channel}`) })}
                />
              </Form.Item>
            </Space>
          ))}
        </Section>

        <Section title={t('sections.kitchen')} id="item-kitchen">
          <Form.Item
            name="openKitchen"
            label={t('fields.openKitchen')}
            valuePropName="checked"
            tooltip={t('hints.openKitchen')}
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="printers"
            label={t('fields.printers')}
            required={Boolean(openKitchen)}
            rules={[rule('printers')]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <PrinterSelect />
          </Form.Item>
          <Form.Item name="modifierGroupIds" label={t('fields.modifierGroups')} extra={t('hints.modifierGroups')}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              loading={modifierGroups.isPending}
              options={(modifierGroups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
            />
          </Form.Item>
        </Section>

        <Section title={t('sections.images')} id="item-images">
          <ItemImagesField />
        </Section>

        <Section title={t('sections.advanced')} id="item-advanced">
          <div className={narrowGrid}>
            <Form.Item name="barcodeType" label={t('fields.barcodeType')}>
              <Select options={BARCODE_TYPES.map((b) => ({ value: b, label: t(`barcode.${b}`) }))} />
            </Form.Item>
            <Form.Item
              name="barcodeData"
              label={t('fields.barcodeData')}
              required={barcodeType !== 'none'}
              rules={[rule('barcodeData')]}
            >
              <Input autoComplete="off" maxLength={64} disabled={barcodeType === 'none'} />
            </Form.Item>
          </div>
          <Space wrap size="large">
            <Form.Item
              name="areaItem"
              label={t('fields.areaItem')}
              valuePropName="checked"
              tooltip={t('hints.areaItem')}
            >
              <Switch />
            </Form.Item>
            <Form.Item
              name="redeemable"
              label={t('fields.redeemable')}
              valuePropName="checked"
              tooltip={t('hints.redeemable')}
            >
              <Switch />
            </Form.Item>
            <Form.Item
              name="rewardable"
              label={t('fields.rewardable')}
              valuePropName="checked"
              tooltip={t('hints.rewardable')}
            >
              <Switch />
            </Form.Item>
          </Space>
          <Form.Item name="detailsHtml" label={t('fields.detailsHtml')} extra={t('hints.detailsHtml')}>
            <Input.TextArea rows={4} spellCheck={false} />
          </Form.Item>
        </Section>

        <div className="ra-item-form__actions">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
          <Button onClick={() => guard.confirmDiscard(() => navigate(ITEM_LIBRARY_PATH))} disabled={false}>
            {t('actions.cancel')}
          </Button>
          {dirty && <Typography.Text type="warning">{t('item.unsaved')}</Typography.Text>}
        </div>
      </Form>
      <UnsavedChangesPrompt guard={guard} />
      <UsedInDialog {...deleting.dialog} />
      {item && <ItemHistoryDrawer item={item} open={historyOpen} onClose={() => setHistoryOpen(false)} />}
      {item && <ScheduleChangeDialog item={item} open={scheduleOpen} onClose={() => setScheduleOpen(false)} />}
    </div>
  );
}
