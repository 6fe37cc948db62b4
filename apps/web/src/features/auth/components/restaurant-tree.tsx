import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { Alert, Button, Empty, Input, Skeleton, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TNode } from '@ra/shared/auth/auth.schemas';
import { errorText } from '../../../lib/request.ts';
import { childrenNodesQueryOptions, nodeLabel, useChildrenNodes } from '../api/get-children-node-by-xid.ts';

interface TTreeItem extends TreeDataNode {
  key: string;
  node: TNode;
  children?: TTreeItem[];
}

function NodeIcon({ node }: { node: TNode }) {
  const type = node.properties.type;
  return type === 'restaurant' ? <ShopOutlined /> : type === 'team' ? <TeamOutlined /> : <UserOutlined />;
}

function toItem(node: TNode): TTreeItem {
  const isRestaurant = node.properties.type === 'restaurant';
  return {
    key: node.xid,
    title: nodeLabel(node),
    node,
    isLeaf: isRestaurant || node.isLeaf || !node.hasChildren,
  };
}

function withChildren(items: TTreeItem[], key: string, children: TTreeItem[]): TTreeItem[] {
  return items.map((item) =>
    item.key === key
      ? { ...item, children }
      : item.children
        ? { ...item, children: withChildren(item.children, key, children) }
        : item,
  );
}

function matchesFilter(item: TTreeItem, filter: string): boolean {
  if (!filter) return true;
  if (String(item.title).toLowerCase().includes(filter)) return true;
  return (item.children ?? []).some((c) => matchesFilter(c, filter));
}

function filtered(items: TTreeItem[], filter: string): TTreeItem[] {
  if (!filter) return items;
  return items
    .filter((i) => matchesFilter(i, filter))
    .map((i) => (i.children ? { ...i, children: filtered(i.children, filter) } : i));
}

/**
 * The agent / team / restaurant tree (SPEC 3 "Restaurant or node"; SPEC 6 "Agent/team-member login
 * picks a restaurant from a tree"). Branches load when opened; every restaurant has a button that
 * hands it to `onChoose`.
 */
export function RestaurantTree({
  rootXid,
  chooseLabel,
  onChoose,
  busyXid,
}: {
  rootXid: string;
  chooseLabel: string;
  onChoose: (node: TNode) => void;
  busyXid: string | null;
}) {
  const { t } = useTranslation('auth');
  const client = useQueryClient();
  const roots = useChildrenNodes(rootXid);
  const [items, setItems] = useState<TTreeItem[]>([]);
  const [filter, setFilter] = useState('');

  useEffect(() => {
    if (roots.data) setItems(roots.data.map(toItem));
  }, [roots.data]);

  const loadData = useCallback(
    async (treeNode: TTreeItem) => {
      if (treeNode.children) return;
      const nodes = await client.fetchQuery(childrenNodesQueryOptions(treeNode.key));
      setItems((prev) => withChildren(prev, treeNode.key, nodes.map(toItem)));
    },
    [client],
  );

  const shown = useMemo(() => filtered(items, filter.trim().toLowerCase()), [items, filter]);

  if (roots.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (roots.isError) return <Alert type="error" showIcon title={errorText(roots.error)} />;
  if (items.length === 0) return <Empty description={t('tree.empty')} />;

  return (
    <div>
      <Input.Search
        allowClear
        placeholder={t('tree.search')}
        aria-label={t('tree.search')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      <Tree<TTreeItem>
        blockNode
        selectable={false}
        treeData={shown}
        loadData={loadData}
        defaultExpandedKeys={[] as Key[]}
        titleRender={(item) => (
          <span style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 32 }}>
            <NodeIcon node={item.node} />
            <span style={{ flex: 1 }}>{String(item.title)}</span>
            {item.node.properties.type === 'restaurant' && (
              <Button
                size="small"
                type="primary"
                loading={busyXid === item.key}
                disabled={busyXid !== null && busyXid !== item.key}
                onClick={(e) => {
                  e.stopPropagation();
                  onChoose(item.node);
                }}
              >
                {chooseLabel}
              </Button>
            )}
          </span>
        )}
      />
    </div>
  );
}
