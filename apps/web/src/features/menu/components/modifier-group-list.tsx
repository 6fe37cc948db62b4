import { useState } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Empty,
  Form,
  Input,
  Result,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { formatCents, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { ZModifierGroupInput, type TModifierGroup } from '@ra/shared/menu/menu.schemas';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { confirmLeavingPage, sameValues, useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import {
  useDeleteModifierGroup,
  useModifierGroups,
  useReorderModifierGroups,
  useSaveModifierGroup,
} from '../api/modifier-groups.ts';
import {
  modifierGroupValues,
  newModifierGroupValues,
  selectionRuleText,
  toModifierGroupRequest,
  type TModifierGroupValues,
} from '../modifier-group-values.ts';
import { issuesByPath, menuErrorText, serverFieldErrors, translateMenu } from '../menu-messages.ts';
import { PrinterSelect } from './printer-select.tsx';
import { useDeleteFlow } from '../hooks/use-delete-flow.ts';
import { useNarrow } from '../../../lib/media-query.ts';
import { ItemPicker } from './item-picker.tsx';
import { MoneyInput } from './money-input.tsx';
import { SortableList } from './sortable-list.tsx';
import { UsedInDialog } from './used-in-dialog.tsx';
import './menu.css';
import { NumberInput, numberRule } from '../../../components/number-input.tsx';

function useRuleWords() {
  const { t } = useTranslation('menu');
  return {
    exactly: (n: number) => t('modifierGroups.rule.exactly', { count: n }),
    upTo: (n: number) => t('modifierGroups.rule.upTo', { count: n }),
    between: (min: number, max: number) => t('modifierGroups.rule.between', { min, max }),
    atLeast: (n: number) => t('modifierGroups.rule.atLeast', { count: n }),
    any: t('modifierGroups.rule.any'),
    different: (n: number) => t('modifierGroups.rule.different', { count: n }),
    free: (n: number) => t('modifierGroups.rule.free', { count: n }),
    required: t('modifierGroups.rule.required'),
    optional: t('modifierGroups.rule.optional'),
  };
}

/**
 * Modifier groups (SPEC 2 /modifiergroup, SPEC 3; issue 8): in display order (drag and drop, keyboard
 * too), each with its selection rule in words. The editor holds the modifiers with prices, a
 * per-modifier maximum, nested groups (the server refuses more than 3 levels or a loop, naming the
 * path), printers and the items it applies to.
 */
export function ModifierGroupList() {
  const { t } = useTranslation('menu');
  const groups = useModifierGroups();
  const reorder = useReorderModifierGroups();
  const remove = useDeleteModifierGroup();
  const deleting = useDeleteFlow('modifier-groups', remove.mutateAsync);
  const [editing, setEditing] = useState<TModifierGroup | 'new' | null>(null);
  const narrow = useNarrow();
  const words = useRuleWords();
  const lang = toDisplayLanguage(currentLanguage());

  if (groups.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (groups.isError)
    return (
      <Result
        status="warning"
        title={t('modifierGroups.loadFailed')}
        subTitle={menuErrorText(groups.error)}
        extra={<Button onClick={() => void groups.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  const list = groups.data.groups;
  return (
    <div>
      <div className="ra-menu__toolbar">
        <Typography.Text type="secondary">{t('modifierGroups.intro')}</Typography.Text>
        <div className="ra-menu__toolbar-end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('actions.addModifierGroup')}
          </Button>
        </div>
      </div>
      {reorder.isError && (
        <Alert type="error" showIcon title={menuErrorText(reorder.error)} style={{ marginBottom: 12 }} />
      )}
      {list.length === 0 ? (
        <Empty description={t('modifierGroups.empty')} />
      ) : (
        <SortableList
          items={list}
          idOf={(g) => g.id}
          labelOf={(g) => g.name}
          disabled={reorder.isPending}
          onReorder={(ids) => reorder.mutate(ids as number[], { onSuccess: () => showSuccessMessage(t('sort.saved')) })}
          render={(g, handle) => (
            <>
              {handle}
              <div className="ra-menu-sortable__main" data-modifier-group-row={g.name}>
                <div className="ra-menu__name">
                  {g.name} {g.foreignName && <span className="ra-menu__sub">· {g.foreignName}</span>}
                </div>
                <div className="ra-menu__sub">{selectionRuleText(g, words)}</div>
                <div className="ra-menu__sub">
                  {g.modifiers
                    .slice(0, 6)
                    .map((m) => (m.priceCents ? `${m.name} +${formatCents(m.priceCents, lang)}` : m.name))
                    .join(', ')}
                  {g.modifiers.length > 6 ? ` …(+${g.modifiers.length - 6})` : ''}
                </div>
                <Space size={4} wrap>
                  <Tag>{t('modifierGroups.itemCount', { count: g.itemIds.length })}</Tag>
                  {g.modifiers.some((m) => m.childGroupId !== null) && (
                    <Tag color="blue">{t('modifierGroups.nested')}</Tag>
                  )}
                  {!g.visible && <Tag>{t('modifierGroups.posOnly')}</Tag>}
                  {g.autoPopup && <Tag>{t('fields.autoPopup')}</Tag>}
                </Space>
              </div>
              <div className="ra-menu-sortable__actions">
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('actions.editNamed', { name: g.name })}
                  onClick={() => setEditing(g)}
                />
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('actions.deleteNamed', { name: g.name })}
                  onClick={() => deleting.ask({ id: g.id, name: g.name })}
                />
              </div>
            </>
          )}
        />
      )}
      <Drawer
        open={editing !== null}
        onClose={() => confirmLeavingPage(() => setEditing(null))}
        title={editing === 'new' ? t('modifierGroups.add') : t('modifierGroups.edit')}
        size={narrow ? '100%' : 820}
        destroyOnHidden
        data-modifier-group-drawer
      >
        {editing !== null && (
          <ModifierGroupForm group={editing === 'new' ? null : editing} groups={list} onDone={() => setEditing(null)} />
        )}
      </Drawer>
      <UsedInDialog {...deleting.dialog} />
    </div>
  );
}

function ModifierGroupForm({
  group,
  groups,
  onDone,
}: {
  group: TModifierGroup | null;
  groups: TModifierGroup[];
  onDone: () => void;
}) {
  const { t } = useTranslation('menu');
  const [form] = Form.useForm<TModifierGroupValues>();
  const save = useSaveModifierGroup();
  const [failure, setFailure] = useState<string | null>(null);
  const [initial] = useState<TModifierGroupValues>(() =>
    group ? modifierGroupValues(group) : newModifierGroupValues(),
  );
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty);
  const words = useRuleWords();
  const values = Form.useWatch([], form) as TModifierGroupValues | undefined;

  const problems = () =>
    issuesByPath(ZModifierGroupInput, toModifierGroupRequest(form.getFieldsValue(true) as TModifierGroupValues));
  const rule = (path: string): Rule => ({
    validator: async () => {
      const problem = problems()[path];
      if (problem) throw new Error(translateMenu(problem));
    },
  });

  const submit = async () => {
    setFailure(null);
    const found = Object.entries(problems());
    if (found.length) {
      form.setFields(
        found.map(([path, message]) => ({
          name: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) as never,
          errors: [translateMenu(message)],
        })),
      );
      setFailure(translateMenu(found[0]![1]));
      return;
    }
    try {
      await save.mutateAsync({
        id: group?.id,
        body: toModifierGroupRequest(form.getFieldsValue(true) as TModifierGroupValues),
      });
      showSuccessMessage(translateMenu('Saved'));
      guard.release();
      onDone();
    } catch (e) {
      // nesting deeper than 3 or a loop comes back under "modifiers", naming the path
      const fields = Object.values(serverFieldErrors(e));
      setFailure(fields.length ? fields.join(' · ') : menuErrorText(e));
    }
  };

  const others = groups.filter((g) => g.id !== group?.id);
  return (
    <Form<TModifierGroupValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={() => void submit()}
      onFinishFailed={() => void submit()}
      validateTrigger="onBlur"
      disabled={save.isPending}
      onValuesChange={() => setDirty(!sameValues(form.getFieldsValue(true), initial))}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-form-failure />}
      <div className="ra-item-form__grid">
        <Form.Item name="name" label={t('fields.name')} required rules={[rule('name')]}>
          <Input autoComplete="off" maxLength={100} placeholder={t('modifierGroups.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="foreignName" label={t('fields.foreignName')} rules={[rule('foreignName')]}>
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
      </div>
      <div className="ra-item-form__grid">
        <Form.Item name="minSelections" label={t('fields.minSelections')} rules={[rule('minSelections')]}>
          <NumberInput style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="maxSelections"
          label={t('fields.maxSelections')}
          rules={[rule('maxSelections')]}
          extra={t('hints.noLimit')}
        >
          <NumberInput style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="maxDifferent"
          label={t('fields.maxDifferent')}
          rules={[rule('maxDifferent')]}
          extra={t('hints.noLimit')}
        >
          <NumberInput style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="freeSelections" label={t('fields.freeSelections')} rules={[rule('freeSelections')]}>
          <NumberInput style={{ width: '100%' }} />
        </Form.Item>
      </div>
      {values && (
        <Typography.Paragraph type="secondary" data-selection-rule>
          {selectionRuleText(toModifierGroupRequest(values) as TModifierGroupValues, words)}
        </Typography.Paragraph>
      )}
      <Space wrap size="large">
        <Form.Item name="required" label={t('fields.required')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="visible" label={t('fields.visible')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="autoPopup" label={t('fields.autoPopup')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="priceCents" label={t('modifierGroups.groupPrice')} rules={[rule('priceCents')]}>
          <MoneyInput />
        </Form.Item>
      </Space>

      <Typography.Title level={5}>{t('fields.modifiers')}</Typography.Title>
      <Form.List name="modifiers" rules={[rule('modifiers') as never]}>
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => (
              <div key={field.key} className="ra-menu-mods__row" data-modifier-row>
                <Form.Item
                  name={[field.name, 'name']}
                  rules={[rule(`modifiers.${field.name}.name`)]}
                  style={{ marginBottom: 0 }}
                >
                  <Input
                    placeholder={t('fields.name')}
                    aria-label={t('modifierGroups.modifierName', { n: index + 1 })}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'foreignName']} style={{ marginBottom: 0 }}>
                  <Input
                    placeholder={t('fields.foreignName')}
                    aria-label={t('modifierGroups.modifierForeignName', { n: index + 1 })}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'priceCents']}
                  rules={[rule(`modifiers.${field.name}.priceCents`)]}
                  style={{ marginBottom: 0 }}
                >
                  <MoneyInput aria-label={t('modifierGroups.modifierPrice', { n: index + 1 })} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'maxQuantity']}
                  style={{ marginBottom: 0 }}
                  rules={[numberRule({ min: 1, max: 99, decimals: 0 })]}
                >
                  <NumberInput
                    placeholder={t('modifierGroups.maxEach')}
                    aria-label={t('modifierGroups.modifierMax', { n: index + 1 })}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'childGroupId']} style={{ marginBottom: 0 }}>
                  <Select
                    allowClear
                    placeholder={t('modifierGroups.opensGroup')}
                    aria-label={t('modifierGroups.modifierOpens', { n: index + 1 })}
                    options={others.map((g) => ({ value: g.id, label: g.name }))}
                    onChange={(v) => form.setFieldValue(['modifiers', field.name, 'childGroupId'], v ?? null)}
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('modifierGroups.removeModifier', { n: index + 1 })}
                  onClick={() => remove(field.name)}
                />
              </div>
            ))}
            <Form.ErrorList errors={errors} />
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ name: '', foreignName: '', priceCents: 0, maxQuantity: null, childGroupId: null })}
              style={{ marginBottom: 16 }}
            >
              {t('modifierGroups.addModifier')}
            </Button>
          </>
        )}
      </Form.List>

      <Form.Item name="printers" label={t('fields.printers')}>
        <PrinterSelect />
      </Form.Item>
      <Form.Item name="itemIds" label={t('fields.itemIds')}>
        <ItemPicker />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => guard.confirmDiscard(onDone)} disabled={false}>
          {t('actions.cancel')}
        </Button>
      </Space>
      <UnsavedChangesPrompt guard={guard} />
    </Form>
  );
}
