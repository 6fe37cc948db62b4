import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Form, Input, Result, Skeleton, Space, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { ZCategoryInput, type TCategory, type TCategoryInput } from '@ra/shared/menu/menu.schemas';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { confirmLeavingPage, sameValues, useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { useCategories, useDeleteCategory, useReorderCategories, useSaveCategory } from '../api/categories.ts';
import { milliPercentToPercentLabel } from '../menu-format.ts';
import { issuesByPath, menuErrorText, serverFieldErrors, translateMenu } from '../menu-messages.ts';
import { useDeleteFlow } from '../hooks/use-delete-flow.ts';
import { useNarrow } from '../../../lib/media-query.ts';
import { PercentInput } from './money-input.tsx';
import { SortableList } from './sortable-list.tsx';
import { UsedInDialog } from './used-in-dialog.tsx';
import './menu.css';

/**
 * Categories (SPEC 2 /category, SPEC 3 "category": name, foreign name, tax rate, sales report
 * category), in menu order: drag a row, or its handle with the keyboard, to reorder. Deleting a
 * category with items says which first.
 */
export function CategoryList() {
  const { t } = useTranslation('menu');
  const categories = useCategories();
  const reorder = useReorderCategories();
  const remove = useDeleteCategory();
  const deleting = useDeleteFlow('categories', remove.mutateAsync);
  const [editing, setEditing] = useState<TCategory | 'new' | null>(null);
  const narrow = useNarrow();

  if (categories.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (categories.isError)
    return (
      <Result
        status="warning"
        title={t('categories.loadFailed')}
        subTitle={menuErrorText(categories.error)}
        extra={<Button onClick={() => void categories.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  const list = categories.data.categories;
  const defaultRate = milliPercentToPercentLabel(categories.data.defaultTaxRateMilliPercent);

  return (
    <div>
      <div className="ra-menu__toolbar">
        <Typography.Text type="secondary">{t('categories.intro')}</Typography.Text>
        <div className="ra-menu__toolbar-end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('actions.addCategory')}
          </Button>
        </div>
      </div>
      {reorder.isError && (
        <Alert type="error" showIcon title={menuErrorText(reorder.error)} style={{ marginBottom: 12 }} />
      )}
      {list.length === 0 ? (
        <Empty description={t('categories.empty')} />
      ) : (
        <SortableList
          items={list}
          idOf={(c) => c.id}
          labelOf={(c) => c.name}
          disabled={reorder.isPending}
          onReorder={(ids) => reorder.mutate(ids as number[], { onSuccess: () => showSuccessMessage(t('sort.saved')) })}
          render={(c, handle) => (
            <>
              {handle}
              <div className="ra-menu-sortable__main" data-category-row={c.name}>
                <div className="ra-menu__name">
                  {c.name} {c.foreignName && <span className="ra-menu__sub">· {c.foreignName}</span>}
                </div>
                <Space size={4} wrap className="ra-menu__sub">
                  <span>{t('categories.itemCount', { count: c.itemCount })}</span>
                  <span>
                    · {t('fields.taxRate')}:{' '}
                    {c.taxRateMilliPercent === null
                      ? t('categories.defaultRate', { rate: defaultRate })
                      : milliPercentToPercentLabel(c.taxRateMilliPercent)}
                  </span>
                  {c.salesReportCategory && <Tag>{c.salesReportCategory}</Tag>}
                </Space>
              </div>
              <div className="ra-menu-sortable__actions">
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('actions.editNamed', { name: c.name })}
                  onClick={() => setEditing(c)}
                />
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('actions.deleteNamed', { name: c.name })}
                  onClick={() => deleting.ask({ id: c.id, name: c.name })}
                />
              </div>
            </>
          )}
        />
      )}
      <Drawer
        open={editing !== null}
        onClose={() => confirmLeavingPage(() => setEditing(null))}
        title={editing === 'new' ? t('categories.add') : t('categories.edit')}
        size={narrow ? '100%' : 480}
        destroyOnHidden
      >
        {editing !== null && (
          <CategoryForm
            category={editing === 'new' ? null : editing}
            defaultRate={defaultRate}
            onDone={() => setEditing(null)}
          />
        )}
      </Drawer>
      <UsedInDialog {...deleting.dialog} />
    </div>
  );
}

type TValues = Required<TCategoryInput>;

function CategoryForm({
  category,
  defaultRate,
  onDone,
}: {
  category: TCategory | null;
  defaultRate: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('menu');
  const [form] = Form.useForm<TValues>();
  const save = useSaveCategory();
  const [failure, setFailure] = useState<string | null>(null);
  const [initial] = useState<TValues>(() => ({
    name: category?.name ?? '',
    foreignName: category?.foreignName ?? '',
    taxRateMilliPercent: category?.taxRateMilliPercent ?? null,
    salesReportCategory: category?.salesReportCategory ?? '',
  }));
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty);
  const rule = (path: keyof TValues): Rule => ({
    validator: async () => {
      const problem = issuesByPath(ZCategoryInput, form.getFieldsValue(true))[path];
      if (problem) throw new Error(translateMenu(problem));
    },
  });

  const submit = async (values: TValues) => {
    setFailure(null);
    try {
      await save.mutateAsync({
        id: category?.id,
        body: { ...values, taxRateMilliPercent: values.taxRateMilliPercent ?? null },
      });
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
      <Form.Item
        name="taxRateMilliPercent"
        label={t('fields.taxRate')}
        rules={[rule('taxRateMilliPercent')]}
        extra={t('hints.taxDefault', { rate: defaultRate })}
      >
        <PercentInput placeholder={defaultRate} />
      </Form.Item>
      <Form.Item
        name="salesReportCategory"
        label={t('fields.salesReportCategory')}
        rules={[rule('salesReportCategory')]}
        extra={t('categories.reportHint')}
      >
        <Input autoComplete="off" maxLength={100} />
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
