import { useMemo, useState, type ReactNode } from 'react';
import { Space, TreeSelect } from 'antd';
import { ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TNode } from '@ra/shared/auth/auth.schemas';
import { treeChildrenQueryOptions, treeNodeLabel } from '../api/get-tree-children.ts';
import { showErrorMessage } from '../../../lib/feedback.ts';
import { errorText } from '../../../lib/request.ts';

interface TTreeRow {
  id: string;
  pId: string;
  value: string;
  /** What the tree shows (an icon telling groups from restaurants, then the name). */
  title: ReactNode;
  /** The name alone: the chosen tags and the search use it. */
  label: string;
  isLeaf: boolean;
}

export interface TRestaurantTreePickerProps {
  /** The node the caller signs in at: its children are the tree's first level. */
  rootXid: string;
  value?: string[];
  onChange?: (xids: string[]) => void;
  disabled?: boolean;
  id?: string;
  ariaLabel: string;
}

/**
 * The caller's tree as the top bar's restaurant tree shows it (agents and teams, then restaurants),
 * loaded level by level, with checkboxes. Ticking an agent or a team stands for every restaurant under
 * it, loaded or not: the value keeps the highest ticked node (SHOW_PARENT) and the server expands it
 * within the caller's reach. Arrow keys move and open levels, Enter ticks, Escape closes.
 */
export function RestaurantTreePicker({
  rootXid,
  value,
  onChange,
  disabled,
  id,
  ariaLabel,
}: TRestaurantTreePickerProps) {
  const { t } = useTranslation('agent');
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [children, setChildren] = useState<Record<string, TNode[]>>({});
  const root = useQuery({ ...treeChildrenQueryOptions(rootXid), enabled: opened && rootXid !== '' });

  const rows = useMemo(() => {
    const seen = new Set<string>();
    const out: TTreeRow[] = [];
    const add = (list: readonly TNode[], parent: string) => {
      for (const node of list) {
        if (seen.has(node.xid)) continue;
        seen.add(node.xid);
        const label = treeNodeLabel(node);
        const group = node.properties.type !== 'restaurant';
        out.push({
          id: node.xid,
          pId: parent,
          value: node.xid,
          label,
          title: (
            <Space size={6}>
              {group ? (
                <TeamOutlined aria-label={t('notifications.treeGroup')} />
              ) : (
                <ShopOutlined aria-label={t('notifications.treeRestaurant')} />
              )}
              <span>{label}</span>
            </Space>
          ),
          isLeaf: node.isLeaf || !node.hasChildren,
        });
      }
    };
    add(root.data ?? [], rootXid);
    for (const [parent, list] of Object.entries(children)) add(list, parent);
    return out;
  }, [root.data, children, rootXid, t]);

  const loadChildren = async (xid: string) => {
    if (children[xid]) return;
    try {
      const list = await queryClient.fetchQuery(treeChildrenQueryOptions(xid));
      setChildren((prev) => ({ ...prev, [xid]: list }));
    } catch (e) {
      showErrorMessage(errorText(e));
    }
  };

  return (
    <TreeSelect<string[]>
      id={id}
      aria-label={ariaLabel}
      value={value ?? []}
      onChange={(next) => onChange?.(next ?? [])}
      disabled={disabled || rootXid === ''}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_PARENT}
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: rootXid }}
      treeData={rows}
      treeNodeLabelProp="label"
      treeNodeFilterProp="label"
      loadData={(node) => loadChildren(String(node.value))}
      showSearch
      allowClear
      maxTagCount="responsive"
      placeholder={t('notifications.treePlaceholder')}
      loading={root.isFetching}
      status={root.isError ? 'error' : undefined}
      notFoundContent={
        root.isError ? errorText(root.error) : root.isFetching ? t('notifications.treeLoading') : t('portfolio.empty')
      }
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      style={{ width: '100%' }}
      styles={{ popup: { root: { maxWidth: '95vw' } } }}
    />
  );
}
