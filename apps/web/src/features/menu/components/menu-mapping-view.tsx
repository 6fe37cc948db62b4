import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Empty, Input, Result, Segmented, Select, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownOutlined from '@ant-design/icons/DownOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { useTranslation } from 'react-i18next';
import { MENU_CHANNELS, ZMappingRequest, type TMenuChannel } from '@ra/shared/menu/menu.schemas';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { sameValues, useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { useMapping, useSaveMapping } from '../api/mapping.ts';
import { draftOf, mappingRequestOf, reorderBy, type TMappingDraft } from '../mapping-state.ts';
import { issuesByPath, menuErrorText, serverFieldErrors, translateMenu } from '../menu-messages.ts';
import { SortableList } from './sortable-list.tsx';
import './menu.css';

/**
 * A channel's menu layout (SPEC 2 /menuMapping/customer, /menuMapping/store, /menu/menuMapping):
 * which categories and items the channel shows and in what order (drag and drop, keyboard too), and
 * item-code prefix rules that place items under a display category. Saved as a whole.
 */
export function MenuMappingView({
  channel,
  onChannelChange,
}: {
  channel: TMenuChannel;
  /** Offered on /menu/menuMapping, where every channel can be laid out. */
  onChannelChange?: (channel: TMenuChannel) => void;
}) {
  const { t } = useTranslation('menu');
  const mapping = useMapping(channel);
  return (
    <div className="ra-menu-mapping">
      <div className="ra-menu__toolbar">
        {onChannelChange && (
          <Segmented<TMenuChannel>
            value={channel}
            onChange={onChannelChange}
            options={MENU_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))}
            aria-label={t('fields.channel')}
          />
        )}
        <Typography.Text type="secondary">{t('mapping.intro', { channel: t(`channels.${channel}`) })}</Typography.Text>
      </div>
      {mapping.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : mapping.isError ? (
        <Result
          status="warning"
          title={t('mapping.loadFailed')}
          subTitle={menuErrorText(mapping.error)}
          extra={<Button onClick={() => void mapping.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : (
        <MappingEditor
          key={`${channel}-${mapping.data.updatedAt ?? ''}`}
          channel={channel}
          initial={draftOf(mapping.data)}
        />
      )}
    </div>
  );
}

function MappingEditor({ channel, initial }: { channel: TMenuChannel; initial: TMappingDraft }) {
  const { t } = useTranslation('menu');
  const [draft, setDraft] = useState<TMappingDraft>(initial);
  const [open, setOpen] = useState<number[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveMapping();
  const dirty = !sameValues(mappingRequestOf(channel, draft), mappingRequestOf(channel, initial));
  const guard = useUnsavedChanges(dirty);
  const problems = useMemo(() => issuesByPath(ZMappingRequest, mappingRequestOf(channel, draft)), [channel, draft]);
  useEffect(() => setFailure(null), [draft]);

  const submit = async () => {
    const first = Object.values(problems)[0];
    if (first) {
      setFailure(translateMenu(first));
      return;
    }
    try {
      await save.mutateAsync(mappingRequestOf(channel, draft));
      guard.release();
      showSuccessMessage(translateMenu('Saved'));
    } catch (e) {
      const fields = Object.values(serverFieldErrors(e));
      setFailure(fields.length ? fields.join(' · ') : menuErrorText(e));
    }
  };

  const setCategory = (categoryId: number, patch: Partial<TMappingDraft['categories'][number]>) =>
    setDraft((d) => ({
      ...d,
      categories: d.categories.map((c) => (c.categoryId === categoryId ? { ...c, ...patch } : c)),
    }));

  return (
    <>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <Typography.Title level={5}>{t('mapping.categories')}</Typography.Title>
      {draft.categories.length === 0 ? (
        <Empty description={t('categories.empty')} />
      ) : (
        <SortableList
          items={draft.categories}
          idOf={(c) => c.categoryId}
          labelOf={(c) => c.name}
          onReorder={(ids) =>
            setDraft((d) => ({ ...d, categories: reorderBy(d.categories, ids, (c) => c.categoryId) }))
          }
          onDragStart={() => setOpen([])}
          render={(c, handle) => {
            const expanded = open.includes(c.categoryId);
            return (
              <div style={{ width: '100%' }} data-mapping-category={c.name}>
                <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                  {handle}
                  <Button
                    type="text"
                    size="small"
                    icon={expanded ? <DownOutlined /> : <RightOutlined />}
                    aria-expanded={expanded}
                    aria-label={t('mapping.showItems', { name: c.name })}
                    onClick={() =>
                      setOpen((ids) => (expanded ? ids.filter((x) => x !== c.categoryId) : [...ids, c.categoryId]))
                    }
                  />
                  <span className="ra-menu-sortable__main">
                    <span className="ra-menu__name">{c.name}</span>{' '}
                    <span className="ra-menu__sub">{t('categories.itemCount', { count: c.items.length })}</span>
                  </span>
                  <Switch
                    checked={c.visible}
                    onChange={(visible) => setCategory(c.categoryId, { visible })}
                    aria-label={t('mapping.categoryShown', { name: c.name })}
                  />
                </div>
                {expanded && (
                  <div style={{ marginTop: 8, paddingLeft: 40 }}>
                    {c.items.length === 0 ? (
                      <Typography.Text type="secondary">{t('mapping.noItems')}</Typography.Text>
                    ) : (
                      <SortableList
                        items={c.items}
                        idOf={(i) => i.id}
                        labelOf={(i) => i.name}
                        onReorder={(ids) => setCategory(c.categoryId, { items: reorderBy(c.items, ids, (i) => i.id) })}
                        render={(i, itemHandle) => (
                          <>
                            {itemHandle}
                            <span className="ra-menu-sortable__main">
                              {i.name} <span className="ra-menu__sub">{i.itemId}</span>
                            </span>
                            {i.byPrefix && <Tag color="blue">{t('mapping.byPrefix')}</Tag>}
                            {!i.visible && <Tag>{t('mapping.itemHidden')}</Tag>}
                          </>
                        )}
                      />
                    )}
                  </div>
                )}
              </div>
            );
          }}
        />
      )}

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('mapping.prefixRules')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('mapping.prefixIntro')}</Typography.Paragraph>
      {draft.prefixRules.map((rule, index) => (
        <Space key={index} wrap style={{ display: 'flex', marginBottom: 8 }} data-prefix-rule>
          <Input
            value={rule.prefix}
            placeholder="GD-"
            aria-label={t('mapping.prefix', { n: index + 1 })}
            status={problems[`prefixRules.${index}.prefix`] ? 'error' : undefined}
            onChange={(e) =>
              setDraft((d) => ({
                ...d,
                prefixRules: d.prefixRules.map((r, i) => (i === index ? { ...r, prefix: e.target.value } : r)),
              }))
            }
            style={{ width: 160 }}
          />
          <span aria-hidden>→</span>
          <Select
            value={rule.categoryId}
            aria-label={t('mapping.prefixCategory', { n: index + 1 })}
            style={{ minWidth: 200 }}
            options={draft.categories.map((c) => ({ value: c.categoryId, label: c.name }))}
            onChange={(categoryId: number) =>
              setDraft((d) => ({
                ...d,
                prefixRules: d.prefixRules.map((r, i) => (i === index ? { ...r, categoryId } : r)),
              }))
            }
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('mapping.removePrefix', { n: index + 1 })}
            onClick={() => setDraft((d) => ({ ...d, prefixRules: d.prefixRules.filter((_, i) => i !== index) }))}
          />
          {problems[`prefixRules.${index}.prefix`] && (
            <Typography.Text type="danger">{translateMenu(problems[`prefixRules.${index}.prefix`]!)}</Typography.Text>
          )}
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={draft.categories.length === 0}
        onClick={() =>
          setDraft((d) => ({
            ...d,
            prefixRules: [...d.prefixRules, { prefix: '', categoryId: d.categories[0]!.categoryId }],
          }))
        }
      >
        {t('mapping.addPrefix')}
      </Button>

      <div className="ra-item-form__actions" style={{ marginTop: 16 }}>
        <Button type="primary" loading={save.isPending} disabled={!dirty} onClick={() => void submit()}>
          {t('actions.save')}
        </Button>
        <Button disabled={!dirty} onClick={() => guard.confirmDiscard(() => setDraft(initial))}>
          {t('mapping.reset')}
        </Button>
        {dirty && <Typography.Text type="warning">{t('item.unsaved')}</Typography.Text>}
      </div>
      <UnsavedChangesPrompt guard={guard} />
    </>
  );
}
