import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Form, Input, Result, Select, Skeleton, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { ZMenuGroupInput, type TMenuGroup } from '@ra/shared/menu/menu.schemas';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { confirmLeavingPage, sameValues, useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { useCategories } from '../api/categories.ts';
import { useDeleteMenuGroup, useMenuGroups, useReorderMenuGroups, useSaveMenuGroup } from '../api/menu-groups.ts';
import { issuesByPath, menuErrorText, serverFieldErrors, translateMenu } from '../menu-messages.ts';
import { useDeleteFlow } from '../hooks/use-delete-flow.ts';
import { useNarrow } from '../../../lib/media-query.ts';
import { SortableList } from './sortable-list.tsx';
import { UsedInDialog } from './used-in-dialog.tsx';
import './menu.css';

/**
 * Menu groups (SPEC 2 /menugroup, SPEC 3 "Menu group"): named sets of categories, e.g. Lunch or
 * Drinks, each listing its categories in its own order. Groups and their categories reorder by drag
 * and drop or the keyboard.
 */
export function MenuGroupList() {
  const { t } = useTranslation('menu');
  const groups = useMenuGroups();
  const categories = useCategories();
  const reorder = useReorderMenuGroups();
  const remove = useDeleteMenuGroup();
  // a menu group is never "used": its categories stay where they are
  const deleting = useDeleteFlow(null, remove.mutateAsync);
  const [editing, setEditing] = useState<TMenuGroup | 'new' | null>(null);
  const narrow = useNarrow();

  if (groups.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (groups.isError)
    return (
      <Result
        status="warning"
        title={t('menuGroups.loadFailed')}
        subTitle={menuErrorText(groups.error)}
        extra={<Button onClick={() => void groups.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  const nameOf = (id: number) => categories.data?.categories.find((c) => c.id === id)?.name ?? `#${id}`;
  return (
    <div>
      <div className="ra-menu__toolbar">
        <Typography.Text type="secondary">{t('menuGroups.intro')}</Typography.Text>
        <div className="ra-menu__toolbar-end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('actions.addMenuGroup')}
          </Button>
        </div>
      </div>
      {reorder.isError && (
        <Alert type="error" showIcon title={menuErrorText(reorder.error)} style={{ marginBottom: 12 }} />
      )}
      {groups.data.groups.length === 0 ? (
        <Empty description={t('menuGroups.empty')} />
      ) : (
        <SortableList
          items={groups.data.groups}
          idOf={(g) => g.id}
          labelOf={(g) => g.name}
          disabled={reorder.isPending}
          onReorder={(ids) => reorder.mutate(ids as number[], { onSuccess: () => showSuccessMessage(t('sort.saved')) })}
          render={(g, handle) => (
            <>
              {handle}
              <div className="ra-menu-sortable__main">
                <div className="ra-menu__name">
                  {g.name} {g.foreignName && <span className="ra-menu__sub">· {g.foreignName}</span>}
                </div>
                <div className="ra-menu__sub">
                  {g.categoryIds.length ? g.categoryIds.map(nameOf).join(', ') : t('menuGroups.noCategories')}
                </div>
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
        title={editing === 'new' ? t('menuGroups.add') : t('menuGroups.edit')}
        size={narrow ? '100%' : 520}
        destroyOnHidden
      >
        {editing !== null && (
          <MenuGroupForm group={editing === 'new' ? null : editing} nameOf={nameOf} onDone={() => setEditing(null)} />
        )}
      </Drawer>
      <UsedInDialog {...deleting.dialog} />
    </div>
  );
}

interface TValues {
  name: string;
  foreignName: string;
  categoryIds: number[];
}

function MenuGroupForm({
  group,
  nameOf,
  onDone,
}: {
  group: TMenuGroup | null;
  nameOf: (id: number) => string;
  onDone: () => void;
}) {
  const { t } = useTranslation('menu');
  const [form] = Form.useForm<TValues>();
  const categories = useCategories();
  const save = useSaveMenuGroup();
  const [failure, setFailure] = useState<string | null>(null);
  const [initial] = useState<TValues>(() => ({
    name: group?.name ?? '',
    foreignName: group?.foreignName ?? '',
    categoryIds: [...(group?.categoryIds ?? [])],
  }));
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty);
  const chosen = (Form.useWatch('categoryIds', form) ?? initial.categoryIds) as number[];
  const rule = (path: keyof TValues): Rule => ({
    validator: async () => {
      const problem = issuesByPath(ZMenuGroupInput, form.getFieldsValue(true))[path];
      if (problem) throw new Error(translateMenu(problem));
    },
  });
  const setChosen = (ids: number[]) => {
    form.setFieldValue('categoryIds', ids);
    setDirty(!sameValues(form.getFieldsValue(true), initial));
  };

  const submit = async (values: TValues) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: group?.id, body: { ...values, categoryIds: chosen } });
      showSuccessMessage(translateMenu('Saved'));
      guard.release();
      onDone();
    } catch (e) {
      const fields = Object.entries(serverFieldErrors(e));
      if (fields.length)
        form.setFields(fields.map(([name, message]) => ({ name: name as keyof TValues, errors: [message] })));
      else setFailure(menuErrorText(e));
    }
  };

  return (
    <Form<TValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(v) => void submit(v)}
      validateTrigger="onBlur"
      disabled={save.isPending}
      onValuesChange={() => setDirty(!sameValues(form.getFieldsValue(true), initial))}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <Form.Item name="name" label={t('fields.name')} required rules={[rule('name')]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="foreignName" label={t('fields.foreignName')} rules={[rule('foreignName')]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="categoryIds" label={t('fields.categoryIds')} extra={t('menuGroups.orderHint')}>
        <Select
          mode="multiple"
          optionFilterProp="label"
          options={(categories.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
      {chosen.length > 1 && (
        <div style={{ marginBottom: 16 }}>
          <SortableList
            items={chosen}
            idOf={(id) => id}
            labelOf={nameOf}
            onReorder={(ids) => setChosen(ids as number[])}
            render={(id, handle) => (
              <>
                {handle}
                <span className="ra-menu-sortable__main">{nameOf(id)}</span>
              </>
            )}
          />
        </div>
      )}
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
