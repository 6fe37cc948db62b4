import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Form, Radio, Select, Space, Switch, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCents, formatCount, toDisplayLanguage } from '@ra/shared/format/locale-format';
import {
  MENU_CHANNELS,
  PRICE_CHANGE_MODES,
  type TBulkChange,
  type TBulkEditPreviewResponse,
  type TMenuChannel,
} from '@ra/shared/menu/menu.schemas';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useApplyBulkEdit, usePreviewBulkEdit } from '../api/bulk-edit.ts';
import { useCategories } from '../api/categories.ts';
import { dollarsToCents, milliPercentToPercent, percentToMilliPercent } from '../library-filter.ts';
import { menuErrorText, translateMenu } from '../menu-messages.ts';
import { useNarrow } from '../../../lib/media-query.ts';
import { NumberInput, numberRule } from '../../../components/number-input.tsx';

type TKind = TBulkChange['kind'];
type TPriceMode = (typeof PRICE_CHANGE_MODES)[number];

interface TValues {
  kind: TKind;
  priceMode: TPriceMode;
  /** Dollars for set / amount, percent for percent; negative lowers. */
  priceValue?: number;
  categoryId?: number | null;
  taxPercent?: number | null;
  soldOut: boolean;
  channel: TMenuChannel;
  visible: boolean;
}

/** The change the form describes, in the API's units (cents, basis points), or null while incomplete. */
export function bulkChangeOf(v: TValues): TBulkChange | null {
  switch (v.kind) {
    case 'price': {
      if (v.priceValue === undefined || v.priceValue === null || !Number.isFinite(v.priceValue)) return null;
      const value =
        v.priceMode === 'percent'
          ? Math.round(v.priceValue * 100)
          : Math.sign(v.priceValue) * (dollarsToCents(Math.abs(v.priceValue)) ?? 0);
      return { kind: 'price', mode: v.priceMode, value };
    }
    case 'category':
      return v.categoryId === undefined ? null : { kind: 'category', categoryId: v.categoryId };
    case 'taxRate':
      return { kind: 'taxRate', taxRateMilliPercent: percentToMilliPercent(v.taxPercent) };
    case 'soldOut':
      return { kind: 'soldOut', soldOut: v.soldOut, until: v.soldOut ? 'endOfDay' : null };
    case 'channel':
      return { kind: 'channel', channel: v.channel, visible: v.visible };
  }
}

/**
 * Bulk edit (issue 8): change the price (set, ± amount or ± %), category, tax rate, sold out or a
 * channel's visibility of every selected item. Preview first shows each item before and after; Apply
 * writes them all in one transaction, or none when any row has a problem.
 */
export function BulkEditDrawer({
  open,
  ids,
  onClose,
  onApplied,
}: {
  open: boolean;
  ids: number[];
  onClose: () => void;
  onApplied: () => void;
}) {
  const { t } = useTranslation('menu');
  const [form] = Form.useForm<TValues>();
  const values = Form.useWatch([], form) as TValues | undefined;
  const categories = useCategories();
  const preview = usePreviewBulkEdit();
  const apply = useApplyBulkEdit();
  const [result, setResult] = useState<TBulkEditPreviewResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const narrow = useNarrow();
  const lang = toDisplayLanguage(currentLanguage());
  const kind = values?.kind ?? 'price';
  const change = values ? bulkChangeOf(values) : null;

  useEffect(() => {
    if (!open) {
      setResult(null);
      setFailure(null);
    }
  }, [open]);

  const categoryName = (id: unknown) =>
    id === null || id === undefined
      ? t('library.noCategory')
      : (categories.data?.categories.find((c) => c.id === id)?.name ?? `#${String(id)}`);
  const show = (value: unknown): string => {
    if (kind === 'price') return typeof value === 'number' ? formatCents(value, lang) : '—';
    if (kind === 'category') return categoryName(value);
    if (kind === 'taxRate')
      return value === null || value === undefined
        ? t('fields.taxDefault')
        : `${milliPercentToPercent(value as number)}%`;
    if (kind === 'soldOut') return value ? t('soldOut.short') : t('soldOut.onSale');
    return value ? t('bulk.shown') : t('bulk.hidden');
  };

  const runPreview = async () => {
    setFailure(null);
    setResult(null);
    if (!change) {
      setFailure(t('bulk.incomplete'));
      return;
    }
    try {
      setResult(await preview.mutateAsync({ ids, change }));
    } catch (e) {
      setFailure(menuErrorText(e));
    }
  };

  const runApply = async () => {
    if (!change) return;
    setFailure(null);
    try {
      const applied = await apply.mutateAsync({ ids, change });
      showSuccessMessage(
        t('bulk.applied', { count: applied.changedCount, countText: formatCount(applied.changedCount, lang) }),
      );
      onApplied();
    } catch (e) {
      setFailure(menuErrorText(e));
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('bulk.title', { count: ids.length, countText: formatCount(ids.length, lang) })}
      size={narrow ? '100%' : 640}
      destroyOnHidden
      data-bulk-drawer
      footer={
        <Space wrap>
          <Button onClick={() => void runPreview()} loading={preview.isPending} disabled={ids.length === 0}>
            {t('bulk.preview')}
          </Button>
          <Button
            type="primary"
            onClick={() => void runApply()}
            loading={apply.isPending}
            disabled={!result || result.problemCount > 0 || result.changedCount === 0}
          >
            {t('bulk.apply')}
          </Button>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
        </Space>
      }
    >
      {ids.length === 0 && <Alert type="info" showIcon title={translateMenu('Please select items first')} />}
      <Form<TValues>
        form={form}
        layout="vertical"
        initialValues={{
          kind: 'price',
          priceMode: 'set',
          soldOut: true,
          channel: 'online',
          visible: true,
          taxPercent: null,
        }}
        onValuesChange={() => setResult(null)}
      >
        <Form.Item name="kind" label={t('bulk.what')}>
          <Radio.Group
            optionType="button"
            options={(['price', 'category', 'taxRate', 'soldOut', 'channel'] as const).map((k) => ({
              value: k,
              label: t(`bulk.kinds.${k}`),
            }))}
          />
        </Form.Item>
        {kind === 'price' && (
          <>
            <Form.Item name="priceMode" label={t('bulk.priceMode')}>
              <Radio.Group options={PRICE_CHANGE_MODES.map((m) => ({ value: m, label: t(`bulk.modes.${m}`) }))} />
            </Form.Item>
            <Form.Item
              name="priceValue"
              label={
                values?.priceMode === 'percent'
                  ? t('bulk.percentValue')
                  : values?.priceMode === 'amount'
                    ? t('bulk.amountValue')
                    : t('bulk.newPrice')
              }
              extra={values?.priceMode === 'set' ? undefined : t('bulk.negativeHint')}
              rules={[numberRule({ min: values?.priceMode === 'set' ? 0 : undefined, decimals: 2 })]}
            >
              <NumberInput<number>
                decimals={2}
                prefix={values?.priceMode === 'percent' ? undefined : '$'}
                suffix={values?.priceMode === 'percent' ? '%' : undefined}
                style={{ width: 200 }}
              />
            </Form.Item>
          </>
        )}
        {kind === 'category' && (
          <Form.Item name="categoryId" label={t('fields.category')}>
            <Select
              showSearch
              optionFilterProp="label"
              options={[
                { value: null, label: t('library.noCategory') },
                ...(categories.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name })),
              ]}
            />
          </Form.Item>
        )}
        {kind === 'taxRate' && (
          <Form.Item
            name="taxPercent"
            label={t('fields.taxRate')}
            extra={t('bulk.taxHint')}
            rules={[numberRule({ min: 0, max: 100, decimals: 3 })]}
          >
            <NumberInput<number> decimals={3} suffix="%" style={{ width: 200 }} />
          </Form.Item>
        )}
        {kind === 'soldOut' && (
          <Form.Item name="soldOut" label={t('fields.soldOut')} valuePropName="checked" extra={t('bulk.soldOutHint')}>
            <Switch />
          </Form.Item>
        )}
        {kind === 'channel' && (
          <Space wrap>
            <Form.Item name="channel" label={t('fields.channel')}>
              <Select
                style={{ width: 200 }}
                options={MENU_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))}
              />
            </Form.Item>
            <Form.Item name="visible" label={t('bulk.visibility')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        )}
      </Form>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      {result && (
        <>
          <Alert
            type={result.problemCount > 0 ? 'warning' : 'info'}
            showIcon
            style={{ marginBottom: 12 }}
            title={
              result.problemCount > 0
                ? t('bulk.problems', { count: result.problemCount })
                : t('bulk.willChange', {
                    count: result.changedCount,
                    countText: formatCount(result.changedCount, lang),
                  })
            }
            data-bulk-summary
          />
          <Table
            size="small"
            rowKey="id"
            pagination={result.rows.length > 50 ? { pageSize: 50 } : false}
            dataSource={result.rows}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'name', title: t('fields.name'), render: (_, r) => `${r.name} (${r.itemId})` },
              { key: 'before', title: t('bulk.before'), render: (_, r) => show(r.before) },
              {
                key: 'after',
                title: t('bulk.after'),
                render: (_, r) =>
                  r.problem ? (
                    <Tag color="error">{translateMenu(r.problem)}</Tag>
                  ) : r.changed ? (
                    <strong>{show(r.after)}</strong>
                  ) : (
                    <span className="ra-menu__sub">{t('bulk.unchanged')}</span>
                  ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
